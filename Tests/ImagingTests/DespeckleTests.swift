import Imaging
import TestSupport
import Testing

@Suite("Despeckle (lone dark specks removed, punctuation kept)")
struct DespeckleTests {
    /// Tesseract's test page with `count` dark specks of 1-4 px on its paper, 14 px or more from
    /// any ink (a speck nearer a letter is kept, as a period is).
    static func speckled(_ page: RGBImage, count: Int) -> RGBImage {
        var generator = RepeatableGenerator(seed: 23)
        var page = page
        var placed = 0
        while placed < count {
            let levels = CleanupPages.levels(page)
            let side = Int.random(in: 1...4, using: &generator)
            let x = Int.random(in: 16..<(page.width - 20), using: &generator)
            let y = Int.random(in: 16..<(page.height - 20), using: &generator)
            // Only on paper: a speck touching a letter is part of it.
            var paper = true
            for dy in -14...(side + 14) {
                for dx in -14...(side + 14) where levels[(y + dy) * page.width + x + dx] < 160 { paper = false }
            }
            guard paper else { continue }
            CleanupPages.fill(&page, x: x, y: y, width: side, height: side, grey: 20)
            placed += 1
        }
        return page
    }

    @Test("Specks of 1-4 px on Tesseract's test page go; its periods and i-dots stay")
    func phototest() throws {
        let clean = try TestPages.phototest.get()
        let cleanBlobs = CleanupPages.blobAreas(clean)
        let speckled = Self.speckled(clean, count: 150)
        #expect(CleanupPages.blobAreas(speckled).count == cleanBlobs.count + 150)
        let result = FilterOperation(.despeckle, intensity: 0.25).apply(to: speckled)
        #expect(CleanupPages.blobAreas(result) == cleanBlobs)
        // The clean page loses nothing: its small blobs are punctuation and dots.
        let small = cleanBlobs.filter { $0 <= 16 }
        #expect(small.count >= 10, "periods and i-dots of phototest: \(small)")
        #expect(CleanupPages.blobAreas(FilterOperation(.despeckle, intensity: 0.25).apply(to: clean)) == cleanBlobs)
    }

    @Test("Specks in clusters, as a photocopy leaves them, go too: a speck beside a speck is no period")
    func clusters() throws {
        let clean = try TestPages.phototest.get()
        let cleanBlobs = CleanupPages.blobAreas(clean)
        let levels = CleanupPages.levels(clean)
        var generator = RepeatableGenerator(seed: 41)
        var speckled = clean
        var placed = 0
        while placed < 40 {
            let x = Int.random(in: 24..<(clean.width - 40), using: &generator)
            let y = Int.random(in: 24..<(clean.height - 40), using: &generator)
            // Three specks 3-5 px apart, all on paper 20 px from any letter.
            var paper = true
            for dy in -20...36 { for dx in -20...36 where levels[(y + dy) * clean.width + x + dx] < 160 { paper = false } }
            guard paper else { continue }
            for (offsetX, offsetY) in [(0, 0), (5, 1), (2, 6)] {
                CleanupPages.fill(&speckled, x: x + offsetX, y: y + offsetY, width: 2, height: 2, grey: 20)
            }
            placed += 1
        }
        #expect(CleanupPages.blobAreas(speckled).count == cleanBlobs.count + 120)
        #expect(CleanupPages.blobAreas(FilterOperation(.despeckle, intensity: 0.25).apply(to: speckled)) == cleanBlobs)
    }

    @Test("A removed speck takes the colour of the paper around it")
    func paperColour() {
        var page = RGBImage(width: 60, height: 40, fill: RGBPixel(red: 240, green: 225, blue: 200))
        CleanupPages.fill(&page, x: 30, y: 20, width: 2, height: 2, grey: 10)
        let result = Despeckle(largestArea: 16).apply(to: page)
        #expect(result == RGBImage(width: 60, height: 40, fill: RGBPixel(red: 240, green: 225, blue: 200)))
    }

    @Test("0% changes nothing, and larger blobs than the limit stay")
    func limits() {
        var page = RGBImage(width: 60, height: 40)
        CleanupPages.fill(&page, x: 30, y: 20, width: 5, height: 5, grey: 10)
        #expect(FilterOperation(.despeckle, intensity: 0).apply(to: page) == page)
        #expect(Despeckle(largestArea: 24).apply(to: page) == page)
        #expect(Despeckle(largestArea: 25).apply(to: page) == RGBImage(width: 60, height: 40))
    }
}
