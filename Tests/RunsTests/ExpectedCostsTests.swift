import Core
import CoreTestSupport
import Dispatch
import Foundation
import ImageCodec
import Imaging
import Recognition
import Runs
import Synchronization
import TestSupport
import Testing

/// `ExpectedCosts`' estimate of a unit (an image from its header, a document's page, what
/// cannot be known), then what it tells a parallel run, seen in the order the run starts its
/// pages: the engines take the costliest waiting first, by the cost it gave each page before
/// any was decoded.
@Suite("What a page is expected to cost, known before it is decoded")
struct ExpectedCostsTests {
    private static let patience = 60.0

    /// A PNG of `width` by `height` in `folder`.
    private func png(_ width: Int, _ height: Int, in folder: String) throws -> String {
        let path = "\(folder)/\(width)x\(height).png"
        try Data(try TestImages.png(width: width, height: height)).write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: The estimate itself

    @Test("An image costs the pixels its header claims, in each format: the pixels it decodes to",
          arguments: ["book_page.png", "document_photo_12mp.jpg", "poster.webp", "price_tag.bmp", "slide.gif"].map { Paths.images + "/" + $0 }
              + [Paths.corpus + "/phototest.tif"])
    func imageFromItsHeader(path: String) async throws {
        let decoded = try ImageFile.load(path, decoder: ImageDecoder(maxPixels: 100_000_000)).image
        let costs = ExpectedCosts(decoder: ImageDecoder(maxPixels: 100_000_000))
        #expect(costs.cost(of: WorkUnit(input: path)) == decoded.width * decoded.height)
    }

    @Test("In bytes, a page whose header says it is grey costs two a pixel, any other five, as Tesseract copies them",
          arguments: [("grey.jpg", 2), ("rgb.jpg", 5), ("grey.png", 2), ("rgb.png", 5), ("palette.png", 5)])
    func bytesFromTheHeader(name: String, perPixel: Int) async throws {
        let path = Paths.packageRoot + "/Tests/ImageCodecTests/Fixtures/" + name
        let costs = ExpectedCosts(decoder: ImageDecoder())
        let pixels = costs.cost(of: WorkUnit(input: path))
        #expect(pixels > 0)
        #expect(costs.bytes(of: WorkUnit(input: path)) == pixels * perPixel)
    }

    @Test("What is not known before reading costs 0: a unit that fails, standard input, a missing file, a file that is no image, a header cut short or past the first 64 KB, an image over the decoder's limit")
    func unknownCostsNothing() async throws {
        let folder = try Paths.temporaryDirectory()
        let image = try png(300, 200, in: folder)
        let costs = ExpectedCosts(decoder: ImageDecoder())
        #expect(costs.cost(of: WorkUnit(input: image)) == 60_000)
        #expect(costs.cost(of: WorkUnit(input: image, failure: "cannot be opened")) == 0, "a failure is reported, not read")
        #expect(costs.cost(of: WorkUnit(input: "-")) == 0)
        #expect(costs.cost(of: WorkUnit(input: folder + "/missing.png")) == 0)
        let text = folder + "/notes.png"
        try Data("not an image at all".utf8).write(to: URL(fileURLWithPath: text))
        #expect(costs.cost(of: WorkUnit(input: text)) == 0)
        let cut = folder + "/cut.png"
        try Data(try Data(contentsOf: URL(fileURLWithPath: image)).prefix(12)).write(to: URL(fileURLWithPath: cut))
        #expect(costs.cost(of: WorkUnit(input: cut)) == 0, "the size is past the end")
        #expect(ExpectedCosts(decoder: ImageDecoder(maxPixels: 50_000)).cost(of: WorkUnit(input: image)) == 0,
                "refused when it is read")
        #expect(costs.cost(of: WorkUnit(input: folder)) == 0, "a folder")
        // Its directory after its pixels, past the first 64 KB the header is read from (as
        // libtiff writes a page): its size is known only once it is decoded.
        let tiff = Paths.images + "/exam_page.tif"
        #expect(try ImageFile.load(tiff).image.pixelCount == 2550 * 3300)
        #expect(costs.cost(of: WorkUnit(input: tiff)) == 0)
    }

    @Test("A PDF's page costs its pixels at the default resolution, each page its own; a page past its end costs 0")
    func pdfPages() async throws {
        let folder = try Paths.temporaryDirectory()
        let pdf = folder + "/two.pdf"
        try await TestDocuments.pdf(of: [try png(300, 200, in: folder), try png(150, 600, in: folder)], dpi: 300, at: pdf)
        let costs = ExpectedCosts(decoder: ImageDecoder())
        #expect(costs.cost(of: WorkUnit(input: pdf, page: 1)) == 60_000, "300 by 200 at 300 dpi")
        #expect(costs.cost(of: WorkUnit(input: pdf, page: 2)) == 90_000, "150 by 600")
        #expect(costs.cost(of: WorkUnit(input: pdf, page: 3)) == 0)
        // The same image placed at 150 dpi: a page twice as wide and as tall, read at 300 dpi.
        let low = folder + "/low.pdf"
        try await TestDocuments.pdf(of: [try png(300, 200, in: folder)], dpi: 150, at: low)
        #expect(costs.cost(of: WorkUnit(input: low, page: 1)) == 240_000, "four times the pixels")
    }

    @Test("A TIFF's page, a document that cannot be opened, and one that is gone cost 0")
    func documentsUnknown() async throws {
        let folder = try Paths.temporaryDirectory()
        let tiff = folder + "/two-pages.tif"
        try await TestDocuments.multipageTIFF(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: tiff)
        let broken = folder + "/broken.pdf"
        try Data("%PDF-1.7\nthe rest is not a PDF".utf8).write(to: URL(fileURLWithPath: broken))
        let costs = ExpectedCosts(decoder: ImageDecoder())
        #expect(costs.cost(of: WorkUnit(input: tiff, page: 1)) == 0)
        #expect(costs.cost(of: WorkUnit(input: tiff, page: 2)) == 0)
        #expect(costs.cost(of: WorkUnit(input: broken, page: 1)) == 0)
        #expect(costs.cost(of: WorkUnit(input: folder + "/missing.pdf", page: 1)) == 0)
    }

    @Test("A document is kept open from one page to the next, across images between: its pages are measured after its file is gone, until another document's page")
    func documentKeptOpen() async throws {
        let folder = try Paths.temporaryDirectory()
        let (first, other) = (folder + "/first.pdf", folder + "/other.pdf")
        let image = try png(100, 100, in: folder)
        try await TestDocuments.pdf(of: [try png(300, 200, in: folder), try png(150, 600, in: folder)], at: first)
        try await TestDocuments.pdf(of: [try png(400, 300, in: folder)], at: other)
        let costs = ExpectedCosts(decoder: ImageDecoder())
        #expect(costs.cost(of: WorkUnit(input: first, page: 1)) == 60_000)
        try FileManager.default.removeItem(atPath: first)
        #expect(costs.cost(of: WorkUnit(input: first, page: 2)) == 90_000, "measured from the document kept open")
        #expect(costs.cost(of: WorkUnit(input: image)) == 10_000)
        #expect(costs.cost(of: WorkUnit(input: first, page: 1)) == 60_000, "an image between does not close it")
        #expect(costs.cost(of: WorkUnit(input: other, page: 1)) == 120_000)
        #expect(costs.cost(of: WorkUnit(input: first, page: 2)) == 0, "opened again, and gone")
    }

    // MARK: What it tells a run

    /// The sizes of the pages a run of `inputs` on two engines started, in the order it started
    /// them: one engine is held on its first page until the others are all started, the other
    /// on its first until every input is listed, so the order after the first two is the order
    /// the run chose with every page waiting.
    private func startingOrder(of inputs: [String], pages: Int) throws -> [Size] {
        let listed = ListedInputs(inputs)
        let recognizer = HoldingRecognizer(total: pages, inputsListed: listed.exhausted)
        let runner = ImageRunner(settings: RecognitionSettings(), factory: { _ in recognizer }, state: FilterState(), jobs: 2)
        var failures: [String] = []
        _ = try runner.run(listed) { result, _ in
            if case .failed(let message) = result.outcome { failures.append(message) }
        }
        #expect(failures.isEmpty)
        return recognizer.started.withLock { $0 }
    }

    @Test("With every page waiting, the largest by its header starts first, equals in input order, a TIFF's page (no size known) last")
    func costliestFirst() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tiff = folder + "/two-pages.tif"
        try await TestDocuments.multipageTIFF(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: tiff)
        let inputs = [try png(100, 40, in: folder), try png(300, 200, in: folder), try png(60, 100, in: folder), tiff,
                      try png(50, 50, in: folder), try png(400, 300, in: folder), try png(100, 60, in: folder),
                      try png(200, 100, in: folder)]
        // The units in input order, with what each is expected to cost: a PNG its header's pixels, a TIFF's page 0.
        let units: [(size: Size, cost: Int)] = [
            (Size(100, 40), 4_000), (Size(300, 200), 60_000), (Size(60, 100), 6_000),
            (Size(640, 480), 0), (Size(1024, 800), 0),
            (Size(50, 50), 2_500), (Size(400, 300), 120_000), (Size(100, 60), 6_000), (Size(200, 100), 20_000),
        ]
        let started = try startingOrder(of: inputs, pages: units.count)
        try #require(started.count == units.count, "\(started)")
        #expect(started.sorted() == units.map(\.size).sorted(), "every page read once")

        // The first two started before the run had seen every input; the rest, costliest first.
        let rest = units.filter { !started.prefix(2).contains($0.size) }
        let expected = rest.enumerated().sorted { left, right in
            left.element.cost != right.element.cost ? left.element.cost > right.element.cost : left.offset < right.offset
        }.map(\.element.size)
        #expect(Array(started.dropFirst(2)) == expected)
    }
}

/// A page's width and height, as the recogniser saw it.
private struct Size: Hashable, Comparable, Sendable, CustomStringConvertible {
    var width: Int, height: Int
    init(_ width: Int, _ height: Int) { (self.width, self.height) = (width, height) }
    static func < (left: Size, right: Size) -> Bool { (left.width, left.height) < (right.width, right.height) }
    var description: String { "\(width)x\(height)" }
}

/// The inputs of a run, telling when the run has asked for one past the last: by then every
/// page has its expected cost and waits for an engine.
private struct ListedInputs: Sequence, Sendable {
    let paths: [String]
    let exhausted = DispatchSemaphore(value: 0)

    init(_ paths: [String]) { self.paths = paths }

    func makeIterator() -> Iterator { Iterator(paths: paths, exhausted: exhausted) }

    struct Iterator: IteratorProtocol {
        let paths: [String]
        let exhausted: DispatchSemaphore
        var index = 0

        mutating func next() -> String? {
            defer { index += 1 }
            guard index < paths.count else {
                if index == paths.count { exhausted.signal() }
                return nil
            }
            return paths[index]
        }
    }
}

/// Notes the size of each page in the order recognitions start. The first recognition holds
/// its engine until every other page has started; the second, on the other engine, waits
/// until the run has listed every input. That engine then takes the rest alone, one at a
/// time, each the one the run chose with every page waiting; the two pages held were taken
/// before that, when only some were.
private final class HoldingRecognizer: Recognizer, Sendable {
    let started = Mutex<[Size]>([])
    let total: Int
    let inputsListed: DispatchSemaphore
    let allStarted = DispatchSemaphore(value: 0)

    init(total: Int, inputsListed: DispatchSemaphore) {
        self.total = total
        self.inputsListed = inputsListed
    }

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        let call = started.withLock { started in
            started.append(Size(image.width, image.height))
            return started.count
        }
        if call == total { allStarted.signal() }
        switch call {
        case 1 where call < total: _ = allStarted.wait(timeout: .now() + 60)
        case 2: _ = inputsListed.wait(timeout: .now() + 60)
        default: break
        }
        return RecognizedText(text: "page", meanConfidence: 90, words: [])
    }
}
