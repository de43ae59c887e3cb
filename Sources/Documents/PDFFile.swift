import CMuPDF
import ImageCodec
import Imaging

/// A PDF opened by MuPDF, read page by page: one page's pixels in memory at a time, never
/// the file's. Not for sharing between threads: each engine opens its own.
public final class PDFFile {
    /// What MuPDF may keep of decoded images and fonts between pages: scans are rendered
    /// once, so a large cache would only hold memory.
    static let cacheBytes = 4 << 20
    /// How long drawing one page may take: far longer than any real page (a dense vector map
    /// takes seconds), and a bound on a page made to draw forever.
    static let pageSeconds = 120.0

    /// The path the user gave.
    public let source: String
    public let pageCount: Int
    /// Whether its page tree names a page or a subtree more than once (which the format does not
    /// allow): copying such a tree page by page would copy every page it claims.
    public let sharesPages: Bool
    private let maxPixels: Int
    private let handle: OpaquePointer

    /// What MuPDF may allocate for a document whose pages have at most `maxPixels` pixels:
    /// its cache, the largest image a page may draw (4 bytes a pixel, CMYK) and room for its
    /// fonts and scaled copies. What a file makes it allocate beyond that (a JBIG2 stream
    /// whose page is 100000 x 100000 inside an image that says 100 x 100) fails instead.
    static func memoryLimit(maxPixels: Int) -> Int {
        (64 << 20).addingSaturating(maxPixels.multipliedSaturating(by: 4))
    }

    /// Opens the PDF at `path`; an encrypted, damaged or empty one is refused here.
    public init(_ path: String, maxPixels: Int = ImageDecoder.defaultMaxPixels) throws(DocumentError) {
        var status = FILTEROCR_PDF_OK
        var message = MessageBuffer()
        let limit = Self.memoryLimit(maxPixels: maxPixels)
        let opened = message.withPointer {
            filterocr_pdf_open(path, Self.cacheBytes, limit, Int64(maxPixels), &status, $0, $1)
        }
        guard let opened else { throw DocumentError(source: path, problem: Self.problem(status, message.text)) }
        var shared: Int32 = 0
        let count = message.withPointer { filterocr_pdf_page_count(opened, &shared, $0, $1) }
        guard count > 0 else {
            filterocr_pdf_close(opened)
            throw DocumentError(source: path, problem: count == 0 ? .noPages : .damaged(detail: message.text))
        }
        source = path
        self.maxPixels = maxPixels
        pageCount = Int(count)
        sharesPages = shared != 0
        handle = opened
    }

    deinit { filterocr_pdf_close(handle) }

    /// What page `number` (from 1) holds, without rendering it.
    public func survey(page number: Int) throws(DocumentError) -> PageSurvey {
        try checkPage(number)
        var survey = filterocr_page_survey()
        var message = MessageBuffer()
        let status = message.withPointer { filterocr_pdf_survey(handle, Int32(number - 1), Self.pageSeconds, &survey, $0, $1) }
        guard status == FILTEROCR_PDF_OK else { throw failure(status, message.text, page: number) }
        return PageSurvey(survey)
    }

    /// Page `number` (from 1) rendered at `dpi`, refused before rendering when it would have
    /// more than `maxPixels` pixels.
    public func render(page number: Int, dpi: Double, maxPixels: Int) throws(DocumentError) -> RGBImage {
        let (columns, rows) = try pixelSize(page: number, dpi: dpi)
        let (width, height) = (Int32(columns), Int32(rows))
        var message = MessageBuffer()
        var status = FILTEROCR_PDF_OK
        guard columns > 0, rows > 0 else {
            throw DocumentError(source: source, problem: .damaged(detail: "page \(number) has no area"))
        }
        guard columns.multipliedReportingOverflow(by: rows).partialValue <= maxPixels,
              !columns.multipliedReportingOverflow(by: rows).overflow else {
            throw DocumentError(source: source, problem: .pageTooLarge(page: number, width: columns, height: rows,
                                                                       limit: maxPixels))
        }
        let count = columns * rows * RGBImage.channels
        let samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = message.withPointer {
                filterocr_pdf_render(handle, Int32(number - 1), Float(dpi), Self.pageSeconds, buffer.baseAddress, width, height,
                                     $0, $1)
            }
            // MuPDF cleared every byte before drawing, or failed; either way the count is whole.
            if status != FILTEROCR_PDF_OK { buffer.initialize(repeating: 255) }
            initialized = count
        }
        guard status == FILTEROCR_PDF_OK else { throw failure(status, message.text, page: number) }
        return RGBImage(width: columns, height: rows, samples: samples)
    }

    /// The size in pixels page `number` (from 1) has rendered at `dpi`, without rendering it.
    public func pixelSize(page number: Int, dpi: Double) throws(DocumentError) -> (width: Int, height: Int) {
        try checkPage(number)
        var message = MessageBuffer()
        var (width, height): (Int32, Int32) = (0, 0)
        let status = message.withPointer {
            filterocr_pdf_pixel_size(handle, Int32(number - 1), Float(dpi), &width, &height, $0, $1)
        }
        guard status == FILTEROCR_PDF_OK else { throw failure(status, message.text, page: number) }
        return (Int(width), Int(height))
    }

    /// The objects MuPDF draws: its catalog and the pages `numbers` (from 1, within the page
    /// count), as the searchable PDF's graft compares them with qpdf's reading.
    func objects(pages numbers: [Int]) throws(DocumentError) -> PDFObjects {
        let numbers = numbers.map { Int32($0) }
        var root = [Int32](repeating: 0, count: 2)
        var pages = [Int32](repeating: 0, count: 2 * numbers.count)
        var repaired: Int32 = 0
        var message = MessageBuffer()
        let status = message.withPointer { text, size in
            filterocr_pdf_objects(handle, numbers, Int32(numbers.count), &root, &pages, &repaired, text, size)
        }
        guard status == 0 else {
            throw DocumentError(source: source, problem: .readDifferently(
                detail: "MuPDF cannot find every page of the \(pageCount) its page tree holds (\(message.text))"))
        }
        return PDFObjects(pageCount: pageCount, root: root, numbers: numbers, pages: pages, repaired: repaired != 0)
    }

    private func checkPage(_ number: Int) throws(DocumentError) {
        guard (1...pageCount).contains(number) else {
            throw DocumentError(source: source, problem: .noSuchPage(page: number, count: pageCount))
        }
    }

    /// Why page `number` failed: an image too large (found before decoding), or what `status` says.
    private func failure(_ status: filterocr_pdf_status, _ message: String, page number: Int) -> DocumentError {
        var (width, height): (Int64, Int64) = (0, 0)
        filterocr_pdf_refused_image(handle, &width, &height)
        guard width > 0, height > 0 else { return DocumentError(source: source, problem: Self.problem(status, message, page: number)) }
        return DocumentError(source: source, problem: .imageTooLarge(page: number, width: Int(width), height: Int(height),
                                                                     limit: maxPixels))
    }

    /// What `status` means; for a page's, the page is named.
    private static func problem(_ status: filterocr_pdf_status, _ message: String, page: Int? = nil) -> DocumentError.Problem {
        switch (status, page) {
        case (FILTEROCR_PDF_ENCRYPTED, _): .encrypted
        case (FILTEROCR_PDF_DAMAGED, nil): .damaged(detail: message)
        case (FILTEROCR_PDF_DAMAGED, let page?): .pageUnreadable(page: page, detail: message)
        case (FILTEROCR_PDF_TIMED_OUT, let page?): .pageTimedOut(page: page, detail: message)
        case (FILTEROCR_PDF_OVER_BUDGET, let page?): .pageOverBudget(page: page, limit: Int(message) ?? 0)
        case (_, let page?): .libraryFailed(detail: "page \(page): \(message)")
        default: .libraryFailed(detail: message)
        }
    }
}

/// A PDF as MuPDF reads it: how many pages it has, its catalog and some of its pages (their
/// numbers, from 1), as the number and generation of each object, flat (two for the catalog,
/// two for each page), as the graft takes them; and whether MuPDF had to repair the file.
struct PDFObjects {
    var pageCount: Int
    var root: [Int32]
    var numbers: [Int32]
    var pages: [Int32]
    var repaired: Bool
}

/// What a page holds, found without rendering it.
public struct PageSurvey: Sendable, Equatable {
    /// The page as shown, in points (1/72 inch).
    public var width: Double
    public var height: Double
    /// Runs of text drawn visibly, and invisibly (an earlier OCR layer).
    public var visibleText: Int
    public var invisibleText: Int
    public var images: Int
    /// The largest image's pixels, and the share of the page it covers (1 for a full-page scan).
    public var largestImage: (width: Int, height: Int)? { imageWidth > 0 ? (imageWidth, imageHeight) : nil }
    public var imageCoverage: Double
    public var paths: Int
    private var imageWidth: Int
    private var imageHeight: Int

    init(_ survey: filterocr_page_survey) {
        width = Double(survey.width)
        height = Double(survey.height)
        visibleText = Int(survey.visible_text)
        invisibleText = Int(survey.invisible_text)
        images = Int(survey.images)
        imageWidth = Int(survey.image_width)
        imageHeight = Int(survey.image_height)
        imageCoverage = Double(survey.image_coverage)
        paths = Int(survey.paths)
    }

    /// The fewest pixels a side an image has to be read at its own resolution.
    static let smallestScan = 32

    /// Whether the page has text of its own, seen or not.
    public var hasText: Bool { visibleText + invisibleText > 0 }

    /// A scan: one image over (nearly) the whole page and nothing else drawn but, perhaps, an
    /// invisible text layer.
    public var isScan: Bool { images == 1 && imageCoverage > 0.9 && visibleText == 0 && paths == 0 }

    /// The image's own resolution, when the page's only content is one image (a scan, a poster,
    /// a photo placed on a page), in dots per inch of the page: rendering at it reads the pixels
    /// as they were scanned, neither invented nor thrown away, however low or high it is.
    public var imageResolution: Double? {
        // An image of a few pixels (a 2 x 2 background) is no scan: such a page is drawn at
        // the default resolution, not as a few pixels too small to read.
        guard images == 1, visibleText == 0, paths == 0, imageCoverage > 0, let image = largestImage,
              min(image.width, image.height) >= Self.smallestScan, width > 0, height > 0 else { return nil }
        // The image may be placed turned; its longer side goes with the page's longer side.
        let imageLong = Double(max(image.width, image.height))
        let pageLong = max(width, height) / 72 * imageCoverage.squareRoot()
        return imageLong / pageLong
    }
}

/// Room for a library's one-line message.
struct MessageBuffer {
    private var bytes = [CChar](repeating: 0, count: 512)

    mutating func withPointer<T>(_ body: (UnsafeMutablePointer<CChar>, Int) -> T) -> T {
        bytes.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    }

    var text: String {
        let end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        return String(decoding: bytes[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
