import Core
import CoreTestSupport
import Foundation
import ImageCodec
import Imaging
import Recognition
import ResultStore
import TestSupport
import Threading
import Testing

/// What a run needs of its process comes in through its own `Runtime`: two runs in one process
/// (tests side by side, the server's sessions and a command) never see each other's.
@Suite("A run's runtime")
struct RuntimeTests {
    /// A detector that says every page is a quarter turn out, surely.
    private static let turning: OrientationDetector = { _ in OrientationEstimate(clockwiseTurns: 1, confidence: 30) }

    @Test("orient asks the detector of the run's own runtime: two pipelines in one process each turn as theirs says")
    func orientationIsTheRunsOwn() throws {
        let image = TestImages.image(width: 40, height: 20)
        let orient = [FilterOperation(.orient, intensity: 1)]
        let turning = Pipeline.rendering(RecognitionSettings(runtime: Runtime(orientation: Self.turning)))
        let plain = Pipeline.rendering(RecognitionSettings())
        // Rendered side by side on two threads: neither sees the other's detector.
        let results = [turning.renderer, plain.renderer].map { renderer in
            let done = Completion<RGBImage>()
            Thread { done.fulfil(renderer.render(orient, from: image)) }.start()
            return done
        }.map { $0.wait()! }
        #expect(results[0].width == 20 && results[0].height == 40, "turned by its runtime's detector")
        #expect(results[1] == image, "no detector in the other runtime: left as it is")
        // The page a document shows is moved by the same detector.
        let shown = ShownPage.of(orient, on: image, in: RecognitionSettings(runtime: Runtime(orientation: Self.turning)).filterContext)
        #expect(shown.image.width == 20)
    }

    @Test("A registry opens a store once and folds only its own stores; another registry opens its own")
    func storesAreTheRunsOwn() throws {
        let folder = try Paths.temporaryDirectory()
        let first = StoreRegistry()
        let second = StoreRegistry()
        let path = folder + "/results.sqlite"
        let store = try first.open(path: path, warn: { _ in })
        #expect(try first.open(path: path, warn: { _ in }) === store, "opened once by its registry")
        let other = try second.open(path: path, warn: { _ in })
        #expect(other !== store, "another run opens its own")
        #expect(first.checkpoint().isEmpty && second.checkpoint().isEmpty)
        let unopened = StoreRegistry()
        #expect(unopened.checkpoint().isEmpty, "a registry that opened nothing folds nothing")
    }
}
