import Foundation
import ImageCodec

/// The image paths of a batch, produced lazily in input order: arguments expanded (folders
/// recursively to their image files, globs to their matches), and paths read from standard
/// input one line at a time, so that a long stream is never held in memory.
public struct BatchInputs: Sequence, Sendable {
    public let arguments: [String]

    public init(arguments: [String]) {
        self.arguments = arguments
    }

    public func makeIterator() -> AnyIterator<String> {
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
    public static func expand(_ argument: String) -> [String] {
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

    public static func imageFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            if ImageFormat.hasImageExtension(relative) {
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

