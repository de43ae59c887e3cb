import Foundation

/// Documents made in the tests from the corpus's and the image set's pages, with the tools a
/// scanning workflow uses (Debian's img2pdf, tiffcp, qpdf and tesseract): never downloaded.
public enum TestDocuments {
    public struct ToolFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A scanned PDF: each image one page, embedded as it is (a JPEG stays JPEG, a 1-bit TIFF
    /// CCITT), at `dpi` when the image records none.
    public static func pdf(of images: [String], dpi: Int = 300, at path: String) async throws {
        try await tool("/usr/bin/img2pdf", ["--imgsize", "\(dpi)dpix\(dpi)dpi", "-o", path] + images)
    }

    /// A multi-page TIFF of TIFF pages, in order.
    public static func multipageTIFF(of tiffs: [String], at path: String) async throws {
        try await tool("/usr/bin/tiffcp", tiffs + [path])
    }

    /// `pdf` encrypted with AES-256, opened only with `password`.
    public static func encrypted(_ pdf: String, password: String, at path: String) async throws {
        try await tool("/usr/bin/qpdf", ["--encrypt", password, password, "256", "--", pdf, path])
    }

    /// `pdf`'s pages `pages` (qpdf's syntax, `1-z` for all) repeated `times` times.
    public static func repeated(_ pdf: String, times: Int, at path: String) async throws {
        try await tool("/usr/bin/qpdf", ["--empty", "--pages"] + Array(repeating: pdf, count: times) + ["--", path])
    }

    /// A PDF that already has an invisible text layer: Tesseract's own searchable PDF of `image`.
    public static func withTextLayer(image: String, at path: String) async throws {
        precondition(path.hasSuffix(".pdf"), "tesseract adds .pdf itself")
        try await tool("/usr/bin/tesseract", [image, String(path.dropLast(4)), "pdf"], environment: ["OMP_THREAD_LIMIT": "1"])
    }

    /// `count` different pages of a few lines each, cut from `image` one below the other
    /// (each starting `step` pixels lower at 150 dpi), as greyscale PGM files in `folder`; by
    /// img2pdf and poppler's pdftoppm. Returns their paths in order.
    public static func strips(of image: String, count: Int, step: Int = 14, in folder: String) async throws -> [String] {
        let pdf = folder + "/source.pdf"
        try await self.pdf(of: [image], at: pdf)
        var strips: [String] = []
        for index in 0..<count {
            let base = folder + String(format: "/strip-%02d", index)
            try await tool("/usr/bin/pdftoppm", ["-gray", "-r", "150", "-x", "90", "-y", "\(150 + index * step)", "-W", "640",
                                                 "-H", "70", "-singlefile", pdf, base])
            strips.append(base + ".pgm")
        }
        return strips
    }

    /// Runs a tool; throws what it said when it fails.
    public static func tool(_ executable: String, _ arguments: [String], environment: [String: String?] = [:]) async throws {
        let result = try await Command.run(executable, arguments, environment: environment)
        guard result.status == 0 else {
            throw ToolFailure(description: "\(executable) failed (\(result.status)): \(result.standardError)")
        }
    }
}
