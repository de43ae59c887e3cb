import Core
import CoreTestSupport
import Foundation
import ImageCodec
import Imaging
import Recognition
import TestSupport
import Testing

/// `PageSizing`: the one place a page's reading scale is decided, and when a photo is decoded
/// at half its size instead of read whole and shrunk.
@Suite("Sizing a page for its reading")
struct PageSizingTests {
    private static var photo: String { Paths.images + "/document_photo_12mp.jpg" }

    private func pipeline(_ sizing: TextSizing) -> Pipeline {
        Pipeline(settings: RecognitionSettings(textSizing: sizing), recognizer: FakeRecognizer())
    }

    @Test("A 12 MP JPEG photo of tall letters is decoded at half its size for auto, remembering the file's size")
    func photoDecodedReduced() throws {
        let lookup = try pipeline(.auto).loadOrAnswer(Self.photo, state: FilterState())
        guard case .loaded(let loaded) = lookup else { Issue.record("no store: nothing can answer"); return }
        let header = try #require(ImageDecoder().header(of: try ImageFile.readBytes(Self.photo, decoder: ImageDecoder())))
        let reduced = try #require(loaded.reduced, "decoded reduced")
        #expect(reduced.scale == 0.5)
        #expect(reduced.fileWidth == header.width && reduced.fileHeight == header.height)
        #expect(abs(loaded.image.width - header.width / 2) <= 1 && abs(loaded.image.height - header.height / 2) <= 1)
    }

    @Test("Decoded whole: under another rule, with filters to apply, or when its pixels are wanted for more than reading")
    func photoDecodedWhole() throws {
        for sizing in [TextSizing.off, .fit] {
            guard case .loaded(let loaded) = try pipeline(sizing).loadOrAnswer(Self.photo, state: FilterState()) else { continue }
            #expect(loaded.reduced == nil, "\(sizing)")
        }
        let filtered = try pipeline(.auto).loadOrAnswer(Self.photo, state: try CommandScript("blur").finalState())
        if case .loaded(let loaded) = filtered { #expect(loaded.reduced == nil, "a rendering is sized as rendered") }
        let wanted = try pipeline(.auto).loadOrAnswer(Self.photo, state: FilterState(), needsPixels: true)
        if case .loaded(let loaded) = wanted { #expect(loaded.reduced == nil, "pixels wanted whole (a document, --auto)") }
    }

    @Test("A PNG or a small JPEG is never decoded reduced, whatever the rule")
    func notAPhoto() throws {
        for path in [Paths.images + "/book_page.png", Paths.images + "/skewed_page.jpg"] {
            guard case .loaded(let loaded) = try pipeline(.auto).loadOrAnswer(path, state: FilterState()) else { continue }
            #expect(loaded.reduced == nil, "\(path)")
        }
    }

    @Test("A reduced decoding's reading gives its words in the file's pixels, and its resolution halved")
    func reducedDecodingMapsWords() {
        let reduced = ReducedDecoding(fileWidth: 200, fileHeight: 100, scale: 0.5)
        let word = RecognizedWord(text: "half", confidence: 90, box: BoundingBox(x: 10, y: 5, width: 20, height: 8))
        let read = RecognizedText(text: "half\n", meanConfidence: 90, words: [word])
        let mapped = reduced.inFilePixels(read, read: RGBImage(width: 100, height: 50))
        #expect(mapped.words.first?.box == BoundingBox(x: 20, y: 10, width: 40, height: 16))
        #expect(mapped.readScale == 0.5)
        #expect(reduced.resolution(300) == 150)
        #expect(reduced.resolution(nil) == nil)
    }
}
