import FileSystem
import Documents
import Foundation
import ImageCodec
import Threading

/// The image paths of a batch, produced lazily in input order: arguments expanded (folders
/// recursively to their image files, globs to their matches), and paths read from standard
/// input one line at a time, so that a long stream is never held in memory.
public struct BatchInputs: Sequence, Sendable {
    public let arguments: [String]
    private let standardInput: Locked<LineReader>

    /// - Parameter standardInput: where `-` (or no arguments) reads paths from.
    public init(arguments: [String], standardInput: sending LineReader = LineReader()) {
        self.arguments = arguments
        self.standardInput = Locked(standardInput)
    }

    /// The format of the image whose bytes `standardInput` holds, when it holds one instead
    /// of paths: a path never contains a NUL byte, and every image header soon does.
    public static func imageFormat(ahead standardInput: LineReader) -> ImageFormat? {
        let start = standardInput.peek(4096)
        guard start.contains(0) else { return nil }
        return ImageFormat(signatureOf: start)
    }

    public func makeIterator() -> AnyIterator<String> {
        var pending = arguments.isEmpty ? ["-"] : arguments
        var expanded: [String] = []
        let standardInput = standardInput
        return AnyIterator {
            while true {
                if !expanded.isEmpty { return expanded.removeFirst() }
                guard !pending.isEmpty else { return nil }
                if pending[0] == "-" {
                    // Standard input stays the current argument until it ends.
                    // A line is a path as written (spaces at either end are the name's); the
                    // reader has taken off its line ending, a CR before the LF included.
                    while let line = standardInput.withLock({ $0.readLine() }) {
                        if !line.isEmpty { return line }
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
        switch FileKind(at: argument) {
        case .missing: break
        case .directory: return imageFiles(under: argument)
        case .symbolicLink where Folders.names(in: argument) != nil: return imageFiles(under: argument)
        default: return [argument]
        }
        if isPattern(argument) {
            let matches = glob(argument)
            return matches.isEmpty ? [argument] : matches
        }
        return [argument]
    }

    /// Whether `argument` is a glob (`scans/*.png`) rather than a path.
    public static func isPattern(_ argument: String) -> Bool {
        argument.contains { "*?[".contains($0) }
    }

    public static func imageFiles(under folder: String) -> [String] {
        Folders.files(under: folder, including: Document.hasInputExtension)
    }

    /// The matches of `pattern`, where `**/` stands for no folder or any depth of them, as
    /// in bash with globstar (the C library's glob reads `**` as `*`).
    private static func glob(_ pattern: String) -> [String] {
        guard let range = pattern.range(of: "**/") else { return systemGlob(pattern) }
        let base = String(pattern[..<range.lowerBound])
        let rest = String(pattern[range.upperBound...])
        let matches = Folders.folders(under: base.isEmpty ? "." : base).flatMap { folder in
            glob((base.isEmpty ? String(folder.dropFirst(2)) : folder) + rest)
        }
        return Folders.sortedByBytes(Set(matches))
    }

    private static func systemGlob(_ pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard PathEncoding.withFileSystemPath(pattern, { Glibc.glob($0, 0, nil, &matches) }) == 0 else { return [] }
        return (0..<Int(matches.gl_pathc)).compactMap { index in
            matches.gl_pathv[index].map { PathEncoding.decode(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
        }
    }
}

