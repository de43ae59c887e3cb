import Imaging
import Session
import Testing

@Suite("Render cache")
struct RenderCacheTests {
    private func key(_ original: Int, _ operations: [FilterOperation] = []) -> RenderCache<String>.Key {
        .init(original: original, operations: operations, space: .linear)
    }

    @Test("Entries are found by original content, operations and working space")
    func keys() {
        var cache = RenderCache<String>(budget: 1 << 20)
        let image = RGBImage(width: 4, height: 4)
        cache.store(image, recognition: "text", for: key(1, [FilterOperation(.blur)]))
        #expect(cache.entry(for: key(1, [FilterOperation(.blur)]))?.recognition == "text")
        #expect(cache.entry(for: key(2, [FilterOperation(.blur)])) == nil)
        #expect(cache.entry(for: key(1, [FilterOperation(.binarize)])) == nil)
        #expect(cache.entry(for: .init(original: 1, operations: [FilterOperation(.blur)], space: .sRGB)) == nil)
        #expect(cache.hits == 1 && cache.misses == 3)
    }

    @Test("Least recently used entries leave first when over budget")
    func eviction() {
        let image = RGBImage(width: 10, height: 10)  // 300 bytes
        var cache = RenderCache<String>(budget: 700)
        cache.store(image, for: key(1))
        cache.store(image, for: key(2))
        _ = cache.entry(for: key(1))
        cache.store(image, for: key(3))
        #expect(cache.contains(key(1)) && !cache.contains(key(2)) && cache.contains(key(3)))
        #expect(cache.bytes == 600 && cache.count == 2)
    }

    @Test("The newest entry is kept even when it alone exceeds the budget")
    func newestKept() {
        var cache = RenderCache<String>(budget: 10)
        cache.store(RGBImage(width: 10, height: 10), for: key(1))
        cache.store(RGBImage(width: 10, height: 10), for: key(2))
        #expect(cache.count == 1 && cache.contains(key(2)))
    }
}
