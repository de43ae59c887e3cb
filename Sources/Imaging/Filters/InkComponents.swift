/// The 8-connected components of a page's ink mask, found on runs of ink rather than on
/// pixels: what the despeckle and light-text filters judge by size and shape.
///
/// Each row's runs are joined to the runs of the row above that touch them (diagonals
/// included) with a union-find, so the work is one pass over the mask plus a little per
/// run; a 12-megapixel page of text has about a million runs.
struct InkComponents {
    /// One run of ink: row `row`, columns `start..<end`, in component `component`.
    struct Run {
        var row: Int32
        var start: Int32
        var end: Int32
        var component: Int32
    }

    /// A component's pixel count and bounding box (inclusive).
    struct Component {
        var area = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
    }

    let runs: [Run]
    let components: [Component]

    /// The components of `mask` (non-zero is ink), `width` × `height`, row by row.
    init(mask: [UInt8], width: Int, height: Int) {
        var runs: [Run] = []
        runs.reserveCapacity(width * height / 64)
        var parent: [Int32] = []
        var previous = 0..<0
        for y in 0..<height {
            let first = runs.count
            mask.withUnsafeBufferPointer { mask in
                appendRuns(of: mask.baseAddress! + y * width, width: width, row: y, to: &runs)
            }
            for index in first..<runs.count { parent.append(Int32(index)) }
            // Join each run to the runs above it that touch it; both lists are sorted.
            var above = previous.lowerBound
            for index in first..<runs.count {
                let run = runs[index]
                while above < previous.upperBound && runs[above].end < run.start { above += 1 }
                var candidate = above
                while candidate < previous.upperBound && runs[candidate].start <= run.end {
                    union(Int32(index), Int32(candidate), &parent)
                    candidate += 1
                }
            }
            previous = first..<runs.count
        }
        // Number the roots, then total each component's runs.
        var number = [Int32](repeating: -1, count: runs.count)
        var components: [Component] = []
        for index in runs.indices {
            let root = Int(find(Int32(index), &parent))
            if number[root] < 0 {
                number[root] = Int32(components.count)
                components.append(Component())
            }
            let id = Int(number[root])
            runs[index].component = Int32(id)
            let run = runs[index]
            components[id].area += Int(run.end - run.start)
            components[id].minX = min(components[id].minX, Int(run.start))
            components[id].maxX = max(components[id].maxX, Int(run.end) - 1)
            components[id].minY = min(components[id].minY, Int(run.row))
            components[id].maxY = max(components[id].maxY, Int(run.row))
        }
        self.runs = runs
        self.components = components
    }

    /// One byte per pixel, 1 on the pixels of the components `included` accepts.
    func mask(width: Int, height: Int, including included: (Component) -> Bool) -> [UInt8] {
        let accepted = components.map(included)
        var mask = [UInt8](repeating: 0, count: width * height)
        mask.withUnsafeMutableBufferPointer { mask in
            for run in runs where accepted[Int(run.component)] {
                let row = Int(run.row) * width
                (mask.baseAddress! + row + Int(run.start)).update(repeating: 1, count: Int(run.end - run.start))
            }
        }
        return mask
    }

    /// The median height of the components at least 4 pixels in area and under `limit`
    /// tall: about the height of a letter on a page of text, whatever large background
    /// surrounds it; 0 when there are none.
    func medianHeight(below limit: Int) -> Int {
        let heights = components.filter { $0.area >= 4 && $0.height < limit }.map(\.height).sorted()
        return heights.isEmpty ? 0 : heights[heights.count / 2]
    }
}

/// The runs of non-zero bytes in one row of the mask.
private func appendRuns(of row: UnsafePointer<UInt8>, width: Int, row y: Int, to runs: inout [InkComponents.Run]) {
    var x = 0
    while x < width {
        while x < width && row[x] == 0 { x += 1 }
        guard x < width else { break }
        let start = x
        while x < width && row[x] != 0 { x += 1 }
        runs.append(.init(row: Int32(y), start: Int32(start), end: Int32(x), component: -1))
    }
}

private func find(_ index: Int32, _ parent: inout [Int32]) -> Int32 {
    var root = index
    while parent[Int(root)] != root { root = parent[Int(root)] }
    var node = index
    while parent[Int(node)] != root {
        let next = parent[Int(node)]
        parent[Int(node)] = root
        node = next
    }
    return root
}

private func union(_ a: Int32, _ b: Int32, _ parent: inout [Int32]) {
    let rootA = find(a, &parent), rootB = find(b, &parent)
    if rootA != rootB { parent[Int(max(rootA, rootB))] = min(rootA, rootB) }
}

extension LuminanceLevels {
    /// One byte per pixel, 1 where the level is at most `split`: the dark pixels.
    func darkMask(atMost split: Int) -> [UInt8] {
        let table = (0..<256).map { UInt8($0 <= split ? 1 : 0) }
        return levels.map { table[Int($0)] }
    }
}
