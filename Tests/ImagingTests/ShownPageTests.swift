import Imaging
import Testing

/// The page a document shows: the page loaded, moved as the filters moved the rendering, its
/// pixels otherwise unfiltered, so that the text read from the rendering lies over its ink.
@Suite("The page shown under a rendering's text")
struct ShownPageTests {
    private func shown(_ script: String, on image: RGBImage) throws -> (page: ShownPage, rendering: RGBImage) {
        let operations = try CommandScript(script).finalState().operations
        return (ShownPage.of(operations, on: image, in: .linear), FilterOperation.render(operations, from: image))
    }

    @Test("With nothing filtered before it, each redrawing filter shows its own rendering",
          arguments: ["sheet", "deskew; slider 50%", "rotate; then borders"])
    func unfilteredIsTheRendering(script: String) throws {
        let page = script == "sheet" ? SheetPerspectiveTests.photo().image : RenderingPages.textLines(width: 700, height: 700, lines: 8)
        let (shown, rendering) = try shown(script, on: page)
        #expect(shown.image == rendering, "\(script)")
    }

    @Test("A curled page's dewarping is made on the page shown too")
    func dewarped() throws {
        let (shown, rendering) = try shown("dewarp", on: DewarpTests.curled())
        try #require(rendering != DewarpTests.curled(), "the model built")
        #expect(shown.image == rendering)
        #expect(shown.geometry.isRedrawn)
    }

    @Test("A move found on a filtered rendering is made on the unfiltered page: its size, not its filter")
    func filteredBefore() throws {
        let photo = SheetPerspectiveTests.photo().image
        let (shown, rendering) = try shown("median; then sheet", on: photo)
        #expect(shown.geometry.isRedrawn)
        #expect(shown.image.width == rendering.width && shown.image.height == rendering.height)
        #expect(shown.image != rendering, "the page shown is not the filtered rendering")
    }

    @Test("A filter that finds nothing to redraw leaves the page, and a PDF's page, where they are")
    func nothingToRedraw() throws {
        let straight = RenderingPages.textLines(width: 700, height: 700, lines: 8)
        let (shown, _) = try shown("deskew; then dewarp", on: straight)
        #expect(shown.geometry.isIdentity)
        #expect(shown.image == straight)
    }

    @Test("A resize before a move resizes the page shown with the rendering")
    func resizedThenTurned() throws {
        let page = RenderingPages.textLines(width: 700, height: 700, lines: 8)
        let (shown, rendering) = try shown("scale; then rotate", on: page)
        #expect(shown.image.width == rendering.width && shown.image.height == rendering.height)
        #expect(shown.geometry.turns == 1)
    }
}
