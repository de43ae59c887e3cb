#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the angle of a page's text lines by projection profiles, the method of
/// Leptonica's `pixFindSkew` (Bloomberg, Kopec and Dasari, 1995).
///
/// The ink of a reduced, binarised copy is projected onto the page's vertical axis turned
/// by each candidate angle, giving a count of ink per line of the turned page. At the
/// text's own angle each text line lands in a few rows and each gap in none, so the counts
/// jump at every line edge; a few tenths of a degree off, lines smear over their
/// neighbours' gaps. The profile is scored by the sum of squared differences of adjacent
/// counts, which rewards the jumps, and the best-scoring angle wins.
struct SkewDetector {
    /// The reduced copy's longer side is at most this. A finer copy places the peak more
    /// closely (the book page turned by known angles: within 0.015° at 1500 pixels, 0.04°
    /// at 1000); the cost grows with the ink.
    static let reducedSide = 1500
    /// Steps of the coarse sweep, of the refinement around its best and of the last look
    /// around that, in degrees.
    static let coarseStep = 0.5
    static let middleStep = 0.1
    static let fineStep = 0.05
    /// The first two sweeps run on the ink halved (by 2 × 2 blocks) until it has at most
    /// this many blocks; only the last look, at a few angles, needs every block. (Every
    /// n-th ink block would not do: a regular subset forms a lattice, whose rows score as
    /// lines.)
    static let coarsePoints = 50_000
    /// Angles smaller than this are reported as 0: too small to matter for recognition.
    static let smallest = 0.05
    /// The best score must beat the score at 0° by this fraction: on a page without lines
    /// the scores of all angles are within a few parts in 10,000 of each other.
    static let gainOverZero = 0.005
    /// And it must be this many times the score 5° and 10° either side of it. Text pages
    /// measure 10 to 300; uniform noise, whose only structure is the edges of the image,
    /// under 2.
    static let textRatio = 4.0
    static let farOffsets = [-10.0, -5.0, 5.0, 10.0]

    let fine: ProjectionProfile
    let coarse: ProjectionProfile

    init(_ image: RGBImage) {
        let luminance = LuminanceLevels(image, in: .linear, histogram: true)
        let reduction = max(1, (max(image.width, image.height) + Self.reducedSide - 1) / Self.reducedSide)
        var ink = InkBlocks(luminance, split: OtsuThreshold.level(ofHistogram: luminance.histogram), by: reduction)
        fine = ProjectionProfile(ink)
        while ink.columns.count > Self.coarsePoints && min(ink.width, ink.height) > 100 { ink = ink.halved() }
        coarse = ProjectionProfile(ink)
    }

    /// The text's angle in degrees within ±`maximum`, counter-clockwise positive as seen on
    /// screen; 0 when there is no ink, no clear peak, or the angle is below `smallest`.
    func angle(maximum: Double) -> Double {
        guard maximum > 0, fine.count >= 16 else { return 0 }
        func around(_ centre: Double, _ width: Double) -> (Double, Double) {
            (max(-maximum, centre - width), min(maximum, centre + width))
        }
        let first = sweep(coarse, from: -maximum, to: maximum, step: min(Self.coarseStep, maximum))
        let (low, high) = around(first.best, Self.coarseStep)
        let second = sweep(coarse, from: low, to: high, step: Self.middleStep)
        let (fineLow, fineHigh) = around(second.best, 3 * Self.fineStep)
        let third = sweep(fine, from: fineLow, to: fineHigh, step: Self.fineStep)
        var best = third.best
        let peak = third.scores.max() ?? 0
        // A parabola through the best and its neighbours places the peak between steps.
        if let index = third.angles.firstIndex(of: best), index > 0, index < third.angles.count - 1 {
            let (a, b, c) = (third.scores[index - 1], third.scores[index], third.scores[index + 1])
            let curvature = a - 2 * b + c
            if curvature < 0 { best += Self.fineStep * 0.5 * (a - c) / curvature }
        }
        best = min(max(best, -maximum), maximum)
        // Ratios of scores of the same ink: the far angles on the halved ink, against its best.
        let far = Self.farOffsets.map { coarse.score(second.best + $0) }.max() ?? 0
        let coarsePeak = second.scores.max() ?? 0
        guard peak > fine.score(0) * (1 + Self.gainOverZero), coarsePeak > far * Self.textRatio,
              abs(best) >= Self.smallest else { return 0 }
        return best
    }

    /// Scores at evenly spaced angles from `low` to `high`, in parallel.
    private func sweep(_ profile: ProjectionProfile, from low: Double, to high: Double,
                       step: Double) -> (angles: [Double], scores: [Double], best: Double) {
        let count = max(1, Int(((high - low) / step + 1e-9).rounded(.down)) + 1)
        let angles = (0..<count).map { low + Double($0) * step }
        var scores = [Double](repeating: 0, count: count)
        scores.withUnsafeMutableBufferPointer { scores in
            let scores = UnsafeSendable(scores)
            Parallel.forEachChunk(of: count, minimumChunk: 1) { range in
                for index in range { scores.value[index] = profile.score(angles[index]) }
            }
        }
        // The first of equal scores.
        let best = scores.indices.max { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 > $1) } ?? 0
        return (angles, scores, angles[best])
    }
}

/// The ink's projection onto the rows of the page turned by an angle, scored.
struct ProjectionProfile {
    /// Ink block positions relative to the centre of the reduced copy.
    private let xs: [Float]
    private let ys: [Float]
    /// A fixed fraction of a row added to each block's projected position: see `project`.
    private let dither: [Float]
    /// Rows of the profile: enough for the copy's diagonal, and margins.
    private let bins: Int

    init(_ ink: InkBlocks) {
        let centreX = Float(ink.width - 1) / 2, centreY = Float(ink.height - 1) / 2
        xs = ink.columns.map { Float($0) - centreX }
        ys = ink.rows.map { Float($0) - centreY }
        // The fractional parts of multiples of the golden ratio spread evenly over 0..<1.
        var fraction = 0.0
        dither = ink.columns.map { _ in
            fraction += 0.618_033_988_749_895
            if fraction >= 1 { fraction -= 1 }
            return Float(fraction)
        }
        let diagonal = Double(ink.width * ink.width + ink.height * ink.height).squareRoot()
        bins = Int(diagonal.rounded(.up)) + 4
    }

    var count: Int { xs.count }

    /// The differential square sum of the profile at `degrees`: Σ (count[i+1] − count[i])².
    func score(_ degrees: Double) -> Double {
        let radians = degrees * Double.pi / 180
        var profile = [Float](repeating: 0, count: bins)
        profile.withUnsafeMutableBufferPointer { profile in
            project(cosine: Float(cos(radians)), sine: Float(sin(radians)), into: profile.baseAddress!)
        }
        var total = 0.0
        for index in 1..<bins {
            let difference = Double(profile[index] - profile[index - 1])
            total += difference * difference
        }
        return total
    }

    /// Adds each ink block to the profile at y·cos + x·sin, split between the two nearest
    /// rows so that the score changes smoothly with the angle. Split alone would favour 0°,
    /// where every block of a row lands at the same fraction and is split the same way,
    /// which blurs the profile less than the spread of fractions at any other angle; the
    /// dither spreads the fractions at every angle alike.
    private func project(cosine: Float, sine: Float, into profile: UnsafeMutablePointer<Float>) {
        let offset = Float(bins / 2)
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                dither.withUnsafeBufferPointer { dither in
                    for index in 0..<xs.count {
                        // Positive, so truncation is the floor (floorf is a call on baseline x86-64).
                        let position = ys[index] * cosine + xs[index] * sine + offset + dither[index]
                        let bin = Int(position)
                        let fraction = position - Float(bin)
                        profile[bin] += 1 - fraction
                        profile[bin + 1] += fraction
                    }
                }
            }
        }
    }
}
