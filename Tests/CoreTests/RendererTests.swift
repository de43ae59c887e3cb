import Core
import CoreTestSupport
import Foundation
import Imaging
import Recognition
import Testing
import Threading

@Suite("Rendering that a caller can give up on")
struct RendererTests {
    /// A large page: its filtering takes far longer than the 10 ms in which a stop is noticed.
    private func largeImage() throws -> (LoadedImage, Pipeline) {
        let pipeline = Pipeline(settings: RecognitionSettings(), recognizer: FakeRecognizer(), cacheBudget: 1 << 30)
        let file = try #require(try TestImages.files(widths: [4000]).first)
        var loaded = try pipeline.load(file)
        loaded.decoded.image = TestImages.image(width: 4000, height: 3000)
        loaded.contentKey = LoadedImage.contentKey(loaded.image)
        return (loaded, pipeline)
    }

    private let operations = [FilterOperation(.median), FilterOperation(.sauvola), FilterOperation(.median)]

    @Test("A stop raised while filtering returns without the image, and keeps none of the abandoned renderings")
    func stopDuringFiltering() throws {
        var (original, pipeline) = try largeImage()
        let stop = StopSignal()
        // Raised from another thread while the filters run (4000 x 3000 through three filters
        // takes seconds); the wait wakes on the raise, not on a question asked now and then.
        let raiser = Thread { stop.raise() }
        raiser.start()
        let image = pipeline.renderer.render(original, operations: operations, unless: stop)
        #expect(image == nil)
        #expect(stop.isRaised)
        #expect(pipeline.renderer.key(original, Array(operations.prefix(1))).map { pipeline.renderer.cache?.contains($0) } == false)
    }

    @Test("Rendered aside, unstopped, the image and the cache are as rendered in place")
    func sameAsInPlace() throws {
        func small() throws -> (LoadedImage, Pipeline) {
            var (original, pipeline) = try largeImage()
            original.decoded.image = TestImages.image(width: 300, height: 200)
            original.contentKey = LoadedImage.contentKey(original.image)
            return (original, pipeline)
        }
        var (original, pipeline) = try small()
        var (_, inPlace) = try small()
        let aside = pipeline.renderer.render(original, operations: operations, unless: StopSignal())
        #expect(aside == inPlace.renderer.render(original, operations: operations))
        for count in 1...operations.count {
            let key = try #require(pipeline.renderer.key(original, Array(operations.prefix(count))))
            #expect(pipeline.renderer.cache?.contains(key) == true)
        }
    }
}
