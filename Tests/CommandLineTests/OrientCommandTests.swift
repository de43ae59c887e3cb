import Foundation
import TestSupport
import Testing

/// The application installs Tesseract's OSD for the orient filter: a page the rotate filter
/// turned by one, two (25% compounds: a second turn) or three quarter turns comes back as it
/// was through `filterocr filter`.
@Suite("filterocr filter with rotate and orient")
struct OrientCommandTests {
    @Test("rotate then orient gives the page back; rotate alone does not", arguments: ["rotate", "rotate; 25%", "rotate; slider 75%"])
    func rightsTurnedPage(turn: String) async throws {
        let folder = try Paths.temporaryDirectory()
        let page = Paths.corpus + "/eurotext.tif"
        let (original, turned, righted) = (folder + "/original.png", folder + "/turned.png", folder + "/righted.png")
        #expect(try await Command.filterocr(["filter", page, "--ops", "original", "-o", original]).status == 0)
        #expect(try await Command.filterocr(["filter", page, "--ops", turn, "-o", turned]).status == 0)
        #expect(try await Command.filterocr(["filter", page, "--ops", "\(turn); then orient", "-o", righted]).status == 0)
        let bytes = { (path: String) in try Data(contentsOf: URL(fileURLWithPath: path)) }
        #expect(try bytes(turned) != bytes(original))
        #expect(try bytes(righted) == bytes(original))
    }
}
