import FileSystem
import Foundation
import ImageCodec
import Imaging

/// A file of pages: a PDF, or a TIFF of more than one page. Opened once per engine and read
/// one page at a time, so that a document's memory is that of a page, not of the file.
public final class Document {
    public enum Kind: String, Sendable {
        case pdf
        case tiff

        public var displayName: String { self == .pdf ? "PDF" : "TIFF" }
    }

    /// The resolution a page is rendered at when neither `--dpi` nor its only image's own says
    /// otherwise, as OCRmyPDF's rasteriser uses for scans.
    public static let defaultResolution = 300

    public let source: String
    public let kind: Kind
    public let pageCount: Int
    private let pages: Pages

    /// Where the pages come from.
    private enum Pages {
        case pdf(PDFFile)
        case tiff(TIFFPages)
    }

    /// Opens `path` as a document; throws when it is one that cannot be read (encrypted, damaged).
    /// Call `Document.kind(of:)` first: an image file is no document.
    /// Pages are read with at most `maxPixels` pixels, and MuPDF's memory for a PDF follows.
    public init(_ path: String, kind: Kind, maxPixels: Int = ImageDecoder.defaultMaxPixels) throws(DocumentError) {
        source = path
        self.kind = kind
        switch kind {
        case .pdf:
            let file = try PDFFile(path, maxPixels: maxPixels)
            pages = .pdf(file)
            pageCount = file.pageCount
        case .tiff:
            guard let tiff = TIFFPages(path) else {
                throw DocumentError(source: path, problem: .damagedTIFF)
            }
            pages = .tiff(tiff)
            pageCount = tiff.count
        }
    }

    /// Whether `path` names an image or a PDF by its extension: what folders and image sets
    /// are searched for (a TIFF's pages are known only once it is opened).
    public static func hasInputExtension(_ path: String) -> Bool {
        ImageFormat.hasImageExtension(path) || path.lowercased().hasSuffix(".pdf")
    }

    /// The kind of document at `path`, from its first bytes (and a TIFF's page count); nil for
    /// an image, or a file that cannot be read (which loading it as an image reports).
    public static func kind(of path: String) -> Kind? {
        guard let prefix = try? BoundedRead.prefix(of: path, count: PDFSignature.searchLength) else { return nil }
        if PDFSignature.isPDF(prefix) { return .pdf }
        if ImageFormat(signatureOf: prefix) == .tiff, TIFFPages.hasSeveralPages(path) { return .tiff }
        return nil
    }

    /// Page `number` (from 1): a PDF page rendered at `dpi`, or (without it) at the resolution
    /// of the one image that is all it shows (however low or high: a poster, a fax), or else
    /// at the default; a TIFF page as it is.
    public func page(_ number: Int, dpi: Int?, decoder: ImageDecoder) throws -> DocumentPage {
        guard (1...pageCount).contains(number) else {
            throw DocumentError(source: source, problem: .noSuchPage(page: number, count: pageCount))
        }
        switch pages {
        case .tiff(let tiff):
            let decoded = try tiff.page(number - 1, decoder: decoder)
            return DocumentPage(number: number, count: pageCount, decoded: decoded, survey: nil, sharedTree: false)
        case .pdf(let pdf):
            return try page(number, of: pdf, dpi: dpi, decoder: decoder)
        }
    }

    /// About how many pixels page `number` (from 1) will have, known without reading it: a PDF
    /// page's size at the default resolution; nil for a TIFF's page, or a page that cannot be
    /// measured (which reading it reports).
    public func expectedPixels(page number: Int) -> Int? {
        guard case .pdf(let pdf) = pages, let size = try? pdf.pixelSize(page: number, dpi: Double(Self.defaultResolution))
        else { return nil }
        return size.width.multipliedSaturating(by: size.height)
    }

    /// Page `number` of `pdf`, surveyed (its images measured) and rendered.
    private func page(_ number: Int, of pdf: PDFFile, dpi: Int?, decoder: ImageDecoder) throws -> DocumentPage {
        let survey = try pdf.survey(page: number)
        // The structure walk measured every image object already; an inline image (BI ... ID
        // in the content) is seen only by the survey.
        if let image = survey.largestImage {
            let area = image.width.multipliedReportingOverflow(by: image.height)
            guard !area.overflow, area.partialValue <= decoder.maxPixels else {
                throw DocumentError(source: source, problem: .imageTooLarge(page: number, width: image.width,
                                                                            height: image.height, limit: decoder.maxPixels))
            }
        }
        let resolution = dpi.map(Double.init) ?? survey.imageResolution ?? Double(Self.defaultResolution)
        let image = try pdf.render(page: number, dpi: resolution, maxPixels: decoder.maxPixels)
        return DocumentPage(number: number, count: pageCount,
                            decoded: DecodedImage(image: image, format: nil, resolution: max(1, Int(resolution.rounded()))),
                            survey: survey,
                            sharedTree: pdf.sharesPages)
    }
}

/// One page of a document, as read.
public struct DocumentPage: Sendable {
    /// From 1.
    public var number: Int
    /// The document's number of pages.
    public var count: Int
    public var decoded: DecodedImage
    /// What a PDF page holds (its text layer among it); nil for a TIFF page.
    public var survey: PageSurvey?
    /// Whether the PDF's page tree names pages more than once (`PDFFile.sharesPages`).
    public var sharedTree: Bool
}

/// How a PDF starts: `%PDF-` within its first kilobyte, where readers look for it (some
/// writers put a few bytes of junk before it), in a file that does not start as an image: an
/// image's signature is at its very start, and its comments may well quote `%PDF-`.
public enum PDFSignature {
    public static let searchLength = 1024
    private static let marker = Array("%PDF-".utf8)

    /// Whether `prefix`, a file's first bytes (`searchLength` of them suffice), starts a PDF.
    public static func isPDF(_ prefix: [UInt8]) -> Bool {
        guard ImageFormat(signatureOf: prefix) == nil else { return false }
        let end = min(prefix.count, searchLength)
        guard end >= marker.count else { return false }
        return (0...(end - marker.count)).contains { start in prefix[start..<start + marker.count].elementsEqual(marker) }
    }
}
