#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A third-order recursive approximation of the Gaussian: a causal pass then an anti-causal
/// pass, each `y[n] = gain·x[n] − a1·y[n∓1] − a2·y[n∓2] − a3·y[n∓3]`.
///
/// Poles: van Vliet, Young and Verbeek (1998), optimised for σ = 2 and scaled so that the
/// filter's variance is exactly σ². Borders: the signal continues as its edge value forever;
/// the causal pass starts in that steady state, and the anti-causal pass starts from the
/// exact state the infinite continuation would reach (Triggs and Sdika, 2006), a matrix
/// computed once per σ by running the filter itself.
struct RecursiveGaussian {
    // The recursion runs in double precision: for large σ the poles approach 1 and the
    // gain falls towards 1e-7, where single-precision feedback loses the mean of the image.
    let gain: Double
    let a1: Double, a2: Double, a3: Double
    /// Maps the causal pass's last three outputs, minus the edge value, to the anti-causal
    /// pass's three starting values, minus the edge value. Row-major 3x3.
    let boundary: [Double]

    init(sigma: Double) {
        let filter = Self.design(sigma: sigma)
        (a1, a2, a3, gain) = (filter.a1, filter.a2, filter.a3, filter.gain)
        boundary = Self.boundaryMatrix(filter)
    }

    /// Blurs `values`, `height` rows of `width` RGB pixels, in place.
    func apply(to values: UnsafeMutableBufferPointer<Float>, width: Int, height: Int) {
        blurRows(values, width: width, height: height)
        blurColumns(values, width: width, height: height)
    }

    // MARK: Rows

    /// Blurs each row; rows in parallel.
    private func blurRows(_ values: UnsafeMutableBufferPointer<Float>, width: Int, height: Int) {
        let values = UnsafeSendable(values)
        Parallel.forEachChunk(of: height, minimumChunk: max(1, Parallel.minimumChunk / (width * 3))) { rows in
            var scratch = [SIMD4<Double>](repeating: .zero, count: width)
            scratch.withUnsafeMutableBufferPointer { scratch in
                for row in rows {
                    blurRow(values.value.baseAddress! + row * width * 3, width: width, scratch: scratch.baseAddress!)
                }
            }
        }
    }

    /// Both passes along one row of RGB pixels, in place. The three channels run side by
    /// side, so their feedback chains overlap instead of waiting on each other.
    private func blurRow(_ row: UnsafeMutablePointer<Float>, width: Int, scratch: UnsafeMutablePointer<SIMD4<Double>>) {
        let (gain, a1, a2, a3) = (self.gain, self.a1, self.a2, self.a3)
        @inline(__always) func pixel(_ x: Int) -> SIMD4<Double> {
            SIMD4(Double(row[3 * x]), Double(row[3 * x + 1]), Double(row[3 * x + 2]), 0)
        }
        let first = pixel(0), last = pixel(width - 1)
        var (y1, y2, y3) = (first, first, first)
        for x in 0..<width {
            let y = gain * pixel(x) - a1 * y1 - a2 * y2 - a3 * y3
            scratch[x] = y
            (y3, y2, y1) = (y2, y1, y)
        }
        var (z1, z2, z3) = startState(y1, y2, y3, edge: last)
        for x in stride(from: width - 1, through: 0, by: -1) {
            let z = gain * scratch[x] - a1 * z1 - a2 * z2 - a3 * z3
            row[3 * x] = Float(z[0])
            row[3 * x + 1] = Float(z[1])
            row[3 * x + 2] = Float(z[2])
            (z3, z2, z1) = (z2, z1, z)
        }
    }

    // MARK: Columns

    /// Blurs each column, a strip of a row at a time so that every access is sequential in
    /// memory; strips of columns in parallel.
    private func blurColumns(_ values: UnsafeMutableBufferPointer<Float>, width: Int, height: Int) {
        let rowLength = width * 3
        let values = UnsafeSendable(values)
        let strips = max(1, min(Parallel.cores * 8, rowLength / 256))
        Parallel.forEachChunk(of: strips, minimumChunk: 1) { stripRange in
            for strip in stripRange {
                let columns = rowLength * strip / strips ..< rowLength * (strip + 1) / strips
                blurStrip(values.value.baseAddress! + columns.lowerBound, width: columns.count, rowLength: rowLength,
                          height: height)
            }
        }
    }

    /// Both passes down `width` adjacent columns starting at `top`, in place. The feedback
    /// state is three rows of doubles, rotated as the passes move.
    private func blurStrip(_ top: UnsafeMutablePointer<Float>, width: Int, rowLength: Int, height: Int) {
        var storage = [Double](repeating: 0, count: width * 3)
        let lastInput = Array(UnsafeBufferPointer(start: top + (height - 1) * rowLength, count: width))
        storage.withUnsafeMutableBufferPointer { storage in
            // Causal pass, starting in the steady state of the first row.
            var (p1, p2, p3) = (storage.baseAddress!, storage.baseAddress! + width, storage.baseAddress! + 2 * width)
            for i in 0..<width {
                let first = Double(top[i])
                (p1[i], p2[i], p3[i]) = (first, first, first)
            }
            for n in 0..<height {
                recurseRow(top + n * rowLength, p1, p2, p3, width: width)
                (p1, p2, p3) = (p3, p1, p2)
            }
            // Anti-causal pass, from the exact state of the replicated continuation.
            for i in 0..<width {
                (p1[i], p2[i], p3[i]) = startState(p1[i], p2[i], p3[i], edge: Double(lastInput[i]))
            }
            for n in stride(from: height - 1, through: 0, by: -1) {
                recurseRow(top + n * rowLength, p1, p2, p3, width: width)
                (p1, p2, p3) = (p3, p1, p2)
            }
        }
    }

    /// One step of the recursion for a whole row, `p3 = gain·row − a1·p1 − a2·p2 − a3·p3`,
    /// four columns at a time; the row takes the result.
    @inline(__always)
    private func recurseRow(_ row: UnsafeMutablePointer<Float>, _ p1: UnsafeMutablePointer<Double>,
                            _ p2: UnsafeMutablePointer<Double>, _ p3: UnsafeMutablePointer<Double>, width: Int) {
        let (gain, a1, a2, a3) = (self.gain, self.a1, self.a2, self.a3)
        var i = 0
        while i + 4 <= width {
            let x = SIMD4<Double>(UnsafeRawPointer(row + i).loadUnaligned(as: SIMD4<Float>.self))
            let y1 = UnsafeRawPointer(p1 + i).loadUnaligned(as: SIMD4<Double>.self)
            let y2 = UnsafeRawPointer(p2 + i).loadUnaligned(as: SIMD4<Double>.self)
            let y3 = UnsafeRawPointer(p3 + i).loadUnaligned(as: SIMD4<Double>.self)
            let y = gain * x - a1 * y1 - a2 * y2 - a3 * y3
            UnsafeMutableRawPointer(p3 + i).storeBytes(of: y, as: SIMD4<Double>.self)
            UnsafeMutableRawPointer(row + i).storeBytes(of: SIMD4<Float>(y), as: SIMD4<Float>.self)
            i += 4
        }
        while i < width {
            let y = gain * Double(row[i]) - a1 * p1[i] - a2 * p2[i] - a3 * p3[i]
            p3[i] = y
            row[i] = Float(y)
            i += 1
        }
    }

    /// The anti-causal pass's first three states for a line ending in `edge`, given the
    /// causal pass's last three outputs `y1` (last), `y2`, `y3`.
    @inline(__always)
    private func startState<Value: StateValue>(_ y1: Value, _ y2: Value, _ y3: Value, edge: Value) -> (Value, Value, Value) {
        let (d1, d2, d3) = (y1 - edge, y2 - edge, y3 - edge)
        return boundary.withUnsafeBufferPointer { m in
            (edge + m[0] * d1 + m[1] * d2 + m[2] * d3,
             edge + m[3] * d1 + m[4] * d2 + m[5] * d3,
             edge + m[6] * d1 + m[7] * d2 + m[8] * d3)
        }
    }

    // MARK: Design

    struct Design {
        var a1: Double, a2: Double, a3: Double
        /// The magnitude of the slowest-decaying pole of the causal pass, below 1.
        var slowestPole: Double
        var gain: Double { 1 + a1 + a2 + a3 }
    }

    /// Poles for σ = 2 (van Vliet, Young and Verbeek, 1998, L∞-optimised).
    private static let complexPole = (real: 1.41650, imaginary: 1.00829)
    private static let realPole = 1.86543

    /// Scales the σ = 2 poles as d^(1/q), with q chosen by bisection so that the variance of
    /// the two passes, Σ 2d/(d − 1)² over the poles, is σ².
    static func design(sigma: Double) -> Design {
        let radius = (complexPole.real * complexPole.real + complexPole.imaginary * complexPole.imaginary).squareRoot()
        let angle = atan2(complexPole.imaginary, complexPole.real)
        func scaled(_ q: Double) -> (radius: Double, angle: Double, real: Double) {
            (pow(radius, 1 / q), angle / q, pow(realPole, 1 / q))
        }
        func variance(_ q: Double) -> Double {
            let p = scaled(q)
            let real = 2 * p.real / ((p.real - 1) * (p.real - 1))
            // 2d/(d − 1)² for the complex pole d, plus its conjugate: twice the real part.
            let (re, im) = (p.radius * cos(p.angle), p.radius * sin(p.angle))
            let (sr, si) = ((re - 1) * (re - 1) - im * im, 2 * (re - 1) * im)
            return real + 2 * (2 * re * sr + 2 * im * si) / (sr * sr + si * si)
        }
        var (low, high) = (0.01, max(1.0, sigma))
        for _ in 0..<200 {
            let q = (low + high) / 2
            if variance(q) < sigma * sigma { low = q } else { high = q }
        }
        let p = scaled((low + high) / 2)
        // (1 − z⁻¹/d)(1 − z⁻¹/d̄)(1 − z⁻¹/d₃) = 1 + a1 z⁻¹ + a2 z⁻² + a3 z⁻³.
        let c = 2 * cos(p.angle) / p.radius, r2 = 1 / (p.radius * p.radius), e = 1 / p.real
        return Design(a1: -(c + e), a2: r2 + c * e, a3: -r2 * e, slowestPole: max(1 / p.radius, e))
    }

    /// For each unit deviation of the causal state, continue the causal pass on a constant
    /// edge until it has died away, then run the anti-causal pass back over the continuation.
    static func boundaryMatrix(_ filter: Design) -> [Double] {
        let length = Int((log(1e-13) / log(filter.slowestPole)).rounded(.up)) + 16
        var matrix = [Double](repeating: 0, count: 9)
        var continuation = [Double](repeating: 0, count: length)
        for j in 0..<3 {
            var y = [0.0, 0.0, 0.0]  // y[n−1], y[n−2], y[n−3] minus the edge value
            y[j] = 1
            for n in 0..<length {
                let next = -filter.a1 * y[0] - filter.a2 * y[1] - filter.a3 * y[2]
                continuation[n] = next
                y = [next, y[0], y[1]]
            }
            var z = (0.0, 0.0, 0.0)
            for n in stride(from: length - 1, through: 0, by: -1) {
                z = (filter.gain * continuation[n] - filter.a1 * z.0 - filter.a2 * z.1 - filter.a3 * z.2, z.0, z.1)
            }
            (matrix[j], matrix[3 + j], matrix[6 + j]) = z
        }
        return matrix
    }
}

/// A sample or a pixel of samples, for the boundary computation shared by rows and columns.
protocol StateValue {
    static func - (lhs: Self, rhs: Self) -> Self
    static func + (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Double, rhs: Self) -> Self
}

extension Double: StateValue {}
extension SIMD4: StateValue where Scalar == Double {}
