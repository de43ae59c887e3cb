import Foundation

/// Where the tests find the package, the built `filterocr`, the image set and the corpus.
public enum Paths {
    /// The package's root folder.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The `filterocr` executable built alongside the test bundle.
    public static let filterocr: String = {
        if let override = ProcessInfo.processInfo.environment["FILTEROCR_BINARY"] { return override }
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            testBundle.deletingLastPathComponent().appendingPathComponent("filterocr").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("filterocr").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    /// The default image set, `images/`.
    public static let images = packageRoot + "/images"

    /// The reference corpus, `corpus/` (or `FILTEROCR_CORPUS`): public test pages with their
    /// ground truth.
    public static let corpus: String = {
        if let override = ProcessInfo.processInfo.environment["FILTEROCR_CORPUS"] { return override }
        return packageRoot + "/corpus"
    }()

    /// Every image in `images/` that has its ground truth beside it, sorted by name.
    public static func imagesWithTruth() throws -> [(image: String, truth: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: images).sorted()
        return names.compactMap { name in
            let stem = (name as NSString).deletingPathExtension
            guard name != stem + ".txt", name != "README.md", names.contains(stem + ".txt") else { return nil }
            return (images + "/" + name, images + "/" + stem + ".txt")
        }
    }

    /// A new empty folder inside `temporaryRoot`.
    public static func temporaryDirectory() throws -> String {
        let path = temporaryRoot + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The one folder in the system's temporary folder that holds every temporary folder of this
    /// test process, removed when the process exits: the tests make thousands, and most have no
    /// owner that outlives them to remove them.
    public static let temporaryRoot: String = {
        let path = NSTemporaryDirectory() + "filterocr-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Paths.temporaryRoot) }
        return path
    }()
}
