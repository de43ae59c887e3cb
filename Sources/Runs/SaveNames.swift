import Core
import FileSystem
import Foundation

/// File names for `--save-dir`: the input's name (and page) with `.png`, made unique within the run,
/// kept inside the folder, and short enough for any file system (255 bytes).
public struct SaveNames: Sendable {
    /// The longest file name Linux file systems take, in bytes.
    public static let maximumLength = 255
    private var used: Set<String> = []

    public init() {}

    public mutating func name(for input: String, page: Int? = nil) -> String {
        let last = AtomicFile.name(of: input)
        let stem = (last.lastIndex(of: ".").map { String(last[..<$0]) } ?? last) + (page.map { "-p\($0)" } ?? "")
        let safe = String(stem.map { $0.isNewline ? "_" : $0 }).trimmingCharacters(in: .whitespaces)
        let base = safe.isEmpty || safe == "." || safe == ".." || safe == "-" ? "stdin" : safe
        var candidate = Self.fitted(base, suffix: ".png")
        var counter = 2
        while used.contains(candidate) {
            candidate = Self.fitted(base, suffix: "-\(counter).png")
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// `base + suffix`, with `base` cut (between characters) so that the name fits.
    static func fitted(_ base: String, suffix: String) -> String {
        var kept = ""
        var length = PathEncoding.bytes(of: suffix).count
        for character in base {
            length += PathEncoding.bytes(of: String(character)).count
            guard length <= maximumLength else { break }
            kept.append(character)
        }
        return kept + suffix
    }
}
