import Foundation

/// File names for `--save-dir`: the input's name with `.png`, made unique within the run and
/// kept inside the folder.
public struct SaveNames: Sendable {
    private var used: Set<String> = []

    public init() {}

    public mutating func name(for input: String) -> String {
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
