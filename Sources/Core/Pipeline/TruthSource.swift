import FileSystem

/// Where the text an image really contains comes from, for its accuracy.
public enum TruthSource: Sendable, Equatable {
    /// No truth: reports carry no accuracy (`--no-truth`).
    case none
    /// `NAME.txt` beside the image `NAME.ext`, when there is one (as in `images/`); for page N
    /// of a document `NAME.pdf`, `NAME-pN.txt`.
    case sidecar
    /// One file for every image (`--truth FILE`); a folder holds each image's and page's file
    /// by the sidecar's name (`--truth truths/`).
    case file(String)

    /// A truth file is text, far smaller than this.
    public static let maximumLength = 16 << 20

    /// The truth for the image at `path`, or for page `page` of the document there; nil when
    /// there is none. A `--truth` file that cannot be read is an error; a missing sidecar is not.
    public func text(for path: String, page: Int? = nil) throws -> String? {
        switch self {
        case .none:
            return nil
        case .file(let file) where FileKind(at: file) == .directory:
            guard path != ImageLoader.standardInputName else { return nil }
            return Self.readIfPresent((file.hasSuffix("/") ? file : file + "/") + Self.sidecarName(of: path, page: page))
        case .file(let file):
            let text = String(decoding: try BoundedRead.file(file, limit: Self.maximumLength), as: UTF8.self)
            // A document's truth in one file has its pages apart as pdftotext writes them, by
            // form feeds; a file without them is every page's.
            guard let page, text.contains("\u{0C}") else { return text }
            let pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false)
            return page <= pages.count ? String(pages[page - 1]) : nil
        case .sidecar:
            guard path != ImageLoader.standardInputName else { return nil }
            let sidecar = (path.contains("/") ? AtomicFile.folder(of: path) + "/" : "") + Self.sidecarName(of: path, page: page)
            guard sidecar != path else { return nil }
            return Self.readIfPresent(sidecar)
        }
    }

    /// `NAME.txt` for `NAME.ext`, `NAME-pN.txt` for its page N.
    public static func sidecarName(of path: String, page: Int?) -> String {
        let name = AtomicFile.name(of: path)
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return stem + (page.map { "-p\($0)" } ?? "") + ".txt"
    }

    private static func readIfPresent(_ path: String) -> String? {
        guard FileKind(at: path).isRegular else { return nil }
        return try? String(decoding: BoundedRead.file(path, limit: maximumLength), as: UTF8.self)
    }
}
