import FileSystem

/// Where the text an image really contains comes from, for its accuracy.
public enum TruthSource: Sendable, Equatable {
    /// No truth: reports carry no accuracy (`--no-truth`).
    case none
    /// `NAME.txt` beside the image `NAME.ext`, when there is one (as in `images/`).
    case sidecar
    /// One file for every image (`--truth FILE`).
    case file(String)

    /// A truth file is text, far smaller than this.
    public static let maximumLength = 16 << 20

    /// The truth for the image at `path`; nil when there is none. A `--truth` file that
    /// cannot be read is an error; a missing sidecar is not.
    public func text(for path: String) throws -> String? {
        switch self {
        case .none:
            return nil
        case .file(let file):
            return String(decoding: try BoundedRead.file(file, limit: Self.maximumLength), as: UTF8.self)
        case .sidecar:
            guard path != ImageLoader.standardInputName else { return nil }
            let name = AtomicFile.name(of: path)
            let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            let folder = AtomicFile.folder(of: path)
            let sidecar = (path.contains("/") ? folder + "/" : "") + stem + ".txt"
            guard sidecar != path, FileKind(at: sidecar).isRegular else { return nil }
            return try? String(decoding: BoundedRead.file(sidecar, limit: Self.maximumLength), as: UTF8.self)
        }
    }
}
