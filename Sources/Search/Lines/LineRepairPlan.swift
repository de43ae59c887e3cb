import Imaging
import Recognition

/// Which unsure lines are read again, under which renderings, within the budget: the most
/// doubtful lines first (lowest mean confidence), each with all its renderings or not at all,
/// so that the same page always reads the same crops.
package struct LineRepairPlan {
    /// One crop of one line under one rendering, ready for an engine.
    package struct Job {
        /// The line's index among the page's lines.
        package var line: Int
        package var filters: FilterState
        package var crop: LineCrop
        /// The crop rendered.
        package var image: RGBImage

        /// `words`, read from `image`, with their boxes in the page's pixels.
        package func inPagePixels(_ words: [RecognizedWord]) -> [RecognizedWord] {
            let x = Double(crop.width) / Double(image.width), y = Double(crop.height) / Double(image.height)
            return words.map { word in
                var word = word
                let box = word.box.mapped(by: x, y, within: crop.width, crop.height)
                word.box = BoundingBox(x: box.x + crop.x, y: box.y + crop.y, width: box.width, height: box.height)
                return word
            }
        }
    }

    package private(set) var jobs: [Job] = []
    /// The lines read again, in the page's order, each with its jobs' indices.
    package private(set) var jobsByLine: [(line: Int, jobs: [Int])] = []
    /// What the jobs cost, in readings of the page (`LineRenderings.cost`).
    package private(set) var cost = 0.0

    /// The plan for `lines` of the page rendered as `page`, whose unsure lines have a doubt,
    /// within `budget` readings of the page; `render` renders a crop with a chain's filters.
    package init(lines: TextLines, doubts: [String?], page: RGBImage, budget: Double,
         render: (FilterState, RGBImage) -> RGBImage) {
        let unsure = lines.lines.indices.filter { doubts[$0] != nil }
            .sorted { (lines.lines[$0].words.meanConfidence, $0) < (lines.lines[$1].words.meanConfidence, $1) }
        let boxes = lines.lines.map { $0.words.map(\.box) }
        var chosen: [Int: [Job]] = [:]
        for index in unsure {
            let box = lines.lines[index].box
            guard let crop = LineCrop(line: (box.x, box.y, box.width, box.height), pageWidth: page.width, pageHeight: page.height)
            else { continue }
            // The other lines' words that reach into the crop, but not one that overlaps one of
            // this line's: it would take this line's ink with it.
            let own = boxes[index]
            let area = BoundingBox(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
            let others = boxes.enumerated().filter { $0.offset != index }.flatMap(\.element)
                .filter { other in Self.overlap(area, other) && !own.contains { Self.overlap($0, other) } }
                .map { ($0.x, $0.y, $0.width, $0.height) }
            let cut = crop.cut(page, masking: others)
            let lineJobs = LineRenderings.renderings(lineHeight: box.height).map { filters in
                Job(line: index, filters: filters, crop: crop, image: render(filters, cut))
            }.filter { $0.image.width >= TesseractEngine.minimumSide && $0.image.height >= TesseractEngine.minimumSide }
            let lineCost = lineJobs.reduce(0) { $0 + LineRenderings.cost(cropPixels: $1.crop.width * $1.crop.height, page: page.pixelCount) }
            guard !lineJobs.isEmpty, cost + lineCost <= budget + 1e-9 else { continue }
            cost += lineCost
            chosen[index] = lineJobs
        }
        for index in chosen.keys.sorted() {
            let first = jobs.count
            jobs += chosen[index]!
            jobsByLine.append((index, Array(first..<jobs.count)))
        }
    }

    static func overlap(_ a: BoundingBox, _ b: BoundingBox) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }
}
