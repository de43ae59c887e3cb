import Foundation
import ImageCodec

/// Where a batch's images come from.
enum BatchSource {
    /// Paths, one after another.
    case paths(BatchInputs)
    /// One image's bytes on standard input.
    case imageBytes
}

/// The image paths of a batch, produced lazily in input order: arguments expanded (folders
/// recursively to their image files, globs to their matches), and paths read from standard
/// input one line at a time, so that a long stream is never held in memory.
struct BatchInputs: Sequence {
    let arguments: [String]

    func makeIterator() -> AnyIterator<String> {
        var pending = arguments.isEmpty ? ["-"] : arguments
        var expanded: [String] = []
        return AnyIterator {
            while true {
                if !expanded.isEmpty { return expanded.removeFirst() }
                guard !pending.isEmpty else { return nil }
                if pending[0] == "-" {
                    // Standard input stays the current argument until it ends.
                    while let line = readLine(strippingNewline: true) {
                        let path = line.trimmingCharacters(in: .whitespaces)
                        if !path.isEmpty { return path }
                    }
                    pending.removeFirst()
                    continue
                }
                expanded = Self.expand(pending.removeFirst())
            }
        }
    }

    /// A folder's image files (sorted, recursively), a glob's matches, or the argument itself
    /// (a file, or a path that will be reported as missing).
    static func expand(_ argument: String) -> [String] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? imageFiles(under: argument) : [argument]
        }
        if argument.contains(where: { "*?[".contains($0) }) {
            let matches = glob(argument)
            return matches.isEmpty ? [argument] : matches
        }
        return [argument]
    }

    static func imageFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            if ImageSet.extensions.contains((relative as NSString).pathExtension.lowercased()) {
                files.append(prefix + relative)
            }
        }
        return files.sorted()
    }

    private static func glob(_ pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard Glibc.glob(pattern, 0, nil, &matches) == 0 else { return [] }
        return (0..<Int(matches.gl_pathc)).compactMap { matches.gl_pathv[$0].map { String(cString: $0) } }
    }
}

/// File names for `--save-dir`: the input's name with `.png`, made unique within the run and
/// kept inside the folder.
struct SaveNames {
    private var used: Set<String> = []

    mutating func name(for input: String) -> String {
        let stem = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
        let safe = String(stem.map { $0 == "/" || $0.isNewline ? "_" : $0 }).trimmingCharacters(in: .whitespaces)
        let base = safe.isEmpty || safe == "." || safe == ".." || safe == "-" ? "stdin" : safe
        var candidate = base + ".png"
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(counter).png"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }
}
