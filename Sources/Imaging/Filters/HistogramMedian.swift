/// The median of each channel over a (2·radius + 1)-pixel square, edges replicated, in a
/// time per sample that does not grow with the radius (Perreault and Hébert, "Median
/// Filtering in Constant Time", 2007; OpenCV's method for large 8-bit windows).
///
/// Every column of samples keeps a histogram of the window's rows; moving down a row
/// changes two counts per column. Along a row, the window's histogram gains one column's
/// histogram and loses another's. Histograms are two-level: 16 coarse bins of 16 levels,
/// which are kept up to date at every step, and 256 fine bins, of which only the 16 in the
/// coarse bin holding the median are brought up to date, when needed. On a page the median
/// stays in one coarse bin for long runs, so that catch-up is usually one step.
///
/// The image is cut into strips of columns whose histograms fit in the core's cache, and
/// the strips run in parallel, each from the top row to the bottom.
struct HistogramMedian {
    let radius: Int

    var window: Int { 2 * radius + 1 }

    /// Bytes of histogram per column of samples: 16 coarse and 256 fine counts.
    static let bytesPerColumn = (16 + 256) * MemoryLayout<Int16>.stride
    /// The histograms of one strip should fit in this much cache.
    static let stripBytes = 1 << 19

    func apply(to image: RGBImage) -> RGBImage {
        precondition(radius >= 1 && window * window <= Int(Int16.max), "radius \(radius) out of range")
        let (width, height) = (image.width, image.height)
        let stripPixels = max(1, (Self.stripBytes / Self.bytesPerColumn - 6 * radius) / 3)
        let strips = min(width, max(Parallel.cores * 2, (width + stripPixels - 1) / stripPixels))
        let count = image.samples.count
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            image.withUnsafeSamples { input in
                let input = UnsafeSendable(input.baseAddress!)
                Parallel.forEachChunk(of: strips, minimumChunk: 1) { stripRange in
                    for strip in stripRange {
                        let pixels = (width * strip / strips)..<(width * (strip + 1) / strips)
                        let medians = StripMedians(radius: radius, imageWidth: width, height: height,
                                                   columns: 3 * pixels.lowerBound..<3 * pixels.upperBound)
                        medians.run(input.value, into: output.value)
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: width, height: height, samples: samples)
    }
}

/// The medians of one strip of sample columns, for every row: the column histograms and
/// the window's histogram as it moves along a row.
private struct StripMedians: ~Copyable {
    let radius: Int
    let window: Int
    /// Rank of the median among the window's samples, counting from 0.
    let rank: Int
    let height: Int
    /// Samples per image row.
    let rowLength: Int
    /// The sample columns whose medians this strip writes, a whole number of pixels.
    let outputs: Range<Int>
    /// The sample columns that have histograms: the outputs and `radius` pixels either side.
    let stored: Range<Int>

    /// Per stored column, 16 coarse counts.
    let coarse: UnsafeMutablePointer<Int16>
    /// Per coarse bin, per stored column, the 16 fine counts of that bin: a row's catching
    /// up in one bin then reads consecutive columns' counts from consecutive memory.
    let fine: UnsafeMutablePointer<Int16>
    /// The window's coarse counts; its fine counts, and for each coarse bin the output step
    /// they were last brought up to date at.
    let windowCoarse: UnsafeMutablePointer<Int16>
    let windowFine: UnsafeMutablePointer<Int16>
    let updatedAt: UnsafeMutablePointer<Int>

    init(radius: Int, imageWidth: Int, height: Int, columns: Range<Int>) {
        self.radius = radius
        window = 2 * radius + 1
        rank = (window * window - 1) / 2
        self.height = height
        rowLength = 3 * imageWidth
        outputs = columns
        stored = max(0, columns.lowerBound - 3 * radius)..<min(rowLength, columns.upperBound + 3 * radius)
        coarse = .allocate(capacity: stored.count * 16)
        coarse.initialize(repeating: 0, count: stored.count * 16)
        fine = .allocate(capacity: stored.count * 256)
        fine.initialize(repeating: 0, count: stored.count * 256)
        windowCoarse = .allocate(capacity: 16)
        windowCoarse.initialize(repeating: 0, count: 16)
        windowFine = .allocate(capacity: 256)
        windowFine.initialize(repeating: 0, count: 256)
        updatedAt = .allocate(capacity: 16)
        updatedAt.initialize(repeating: 0, count: 16)
    }

    deinit {
        coarse.deallocate()
        fine.deallocate()
        windowCoarse.deallocate()
        windowFine.deallocate()
        updatedAt.deallocate()
    }

    func run(_ input: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
        func row(_ y: Int) -> UnsafePointer<UInt8> { input + min(max(y, 0), height - 1) * rowLength }
        for y in -radius...radius { add(row(y)) }
        for y in 0..<height {
            if y > 0 { move(removing: row(y - radius - 1), adding: row(y + radius)) }
            for channel in 0..<3 { slide(channel: channel, into: output + y * rowLength) }
        }
    }

    // MARK: Column histograms

    /// The stored column that stands for sample column `column`, which may be off the image
    /// by up to `radius` + 1 pixels: there, the edge pixel's sample of the same channel.
    @inline(__always)
    private func storedIndex(_ column: Int) -> Int {
        let clamped = column < 0 ? (column % 3 + 3) % 3 : column >= rowLength ? rowLength - 3 + column % 3 : column
        return clamped - stored.lowerBound
    }

    /// Counts a row's samples in the stored columns.
    private func add(_ samples: UnsafePointer<UInt8>) {
        for index in 0..<stored.count {
            let level = Int(samples[stored.lowerBound + index])
            coarse[index * 16 + (level >> 4)] += 1
            fine[fineIndex(column: index, level: level)] += 1
        }
    }

    /// The window moves down a row: each column loses a sample and gains one.
    private func move(removing old: UnsafePointer<UInt8>, adding new: UnsafePointer<UInt8>) {
        let (old, new) = (old + stored.lowerBound, new + stored.lowerBound)
        var start = 0
        while start < stored.count {
            let end = min(start + 16, stored.count)
            // Pages are mostly flat: most runs of columns gain the levels they lose.
            if end - start == 16 && old.vector(at: start) == new.vector(at: start) {
                start = end
                continue
            }
            for index in start..<end {
                let (leaving, arriving) = (Int(old[index]), Int(new[index]))
                guard leaving != arriving else { continue }
                coarse[index &* 16 &+ (leaving >> 4)] &-= 1
                coarse[index &* 16 &+ (arriving >> 4)] &+= 1
                fine[fineIndex(column: index, level: leaving)] &-= 1
                fine[fineIndex(column: index, level: arriving)] &+= 1
            }
            start = end
        }
    }

    @inline(__always)
    private func coarseCounts(_ column: Int) -> HistogramBins {
        HistogramBins(at: coarse + storedIndex(column) &* 16)
    }

    @inline(__always)
    private func fineCounts(_ column: Int, bin: Int) -> HistogramBins {
        HistogramBins(at: fine + (bin &* stored.count &+ storedIndex(column)) &* 16)
    }

    /// Where a stored column's fine count of `level` is.
    @inline(__always)
    private func fineIndex(column: Int, level: Int) -> Int {
        ((level >> 4) &* stored.count &+ column) &* 16 &+ (level & 15)
    }

    // MARK: Along a row

    /// The medians of one channel along the current row.
    ///
    /// The median's coarse bin, its level within the bin and the counts below each are
    /// carried from one output to the next and corrected by the counts that changed: a masked
    /// sum each, and a step or two when the median moves. A walk through the bins from the
    /// bottom at every output took twice as long.
    private func slide(channel: Int, into output: UnsafeMutablePointer<UInt8>) {
        let first = outputs.lowerBound + channel
        let reach = 3 * radius
        var counts = HistogramBins.zero
        for offset in Swift.stride(from: -reach, through: reach, by: 3) {
            counts = counts &+ coarseCounts(first + offset)
        }
        counts.store(at: windowCoarse)
        var bin = RankPosition()
        bin.settle(on: rank, in: windowCoarse)
        // Every fine bin starts stale.
        updatedAt.update(repeating: Int.min / 2, count: 16)
        var level = RankPosition()
        var levelBin = -1
        var column = first
        var step = 0
        while column < outputs.upperBound {
            if step > 0 {
                let change = coarseCounts(column &+ reach) &- coarseCounts(column &- reach &- 3)
                counts = counts &+ change
                counts.store(at: windowCoarse)
                bin.below &+= change.sum(before: bin.index)
                bin.settle(on: rank, in: windowCoarse)
            }
            let fineCounts = catchUp(bin: bin.index, to: step, first: first)
            if levelBin == bin.index {
                level.below = bin.below &+ fineCounts.sum(before: level.index)
            } else {
                (level, levelBin) = (RankPosition(index: 0, below: bin.below), bin.index)
            }
            level.settle(on: rank, in: windowFine + bin.index &* 16)
            output[column] = UInt8(truncatingIfNeeded: bin.index &* 16 &+ level.index)
            column &+= 3
            step &+= 1
        }
    }

    /// The window's fine counts in coarse bin `bin` at output step `step`: updated by the
    /// columns gained and lost since they were last brought up to date, or summed afresh if
    /// that was longer ago than half the window.
    @inline(__always)
    private func catchUp(bin: Int, to step: Int, first: Int) -> HistogramBins {
        let reach = 3 * radius
        let stored = windowFine + bin &* 16
        let last = updatedAt[bin]
        var counts: HistogramBins
        if step &- last > window / 2 {
            counts = .zero
            let column = first &+ 3 &* step
            for offset in Swift.stride(from: -reach, through: reach, by: 3) {
                counts = counts &+ fineCounts(column &+ offset, bin: bin)
            }
        } else {
            counts = HistogramBins(at: stored)
            var passed = last &+ 1
            while passed <= step {
                let column = first &+ 3 &* passed
                counts = counts &+ fineCounts(column &+ reach, bin: bin) &- fineCounts(column &- reach &- 3, bin: bin)
                passed &+= 1
            }
        }
        counts.store(at: stored)
        updatedAt[bin] = step
        return counts
    }
}
