/// The smallest or the largest of two samples, or of two vectors lane by lane: what
/// `SquareExtremum` takes over a window.
protocol Extremum {
    static func of<Value: LaneOrder>(_ a: Value, _ b: Value) -> Value
}

enum Smallest: Extremum {
    @inline(__always) static func of<Value: LaneOrder>(_ a: Value, _ b: Value) -> Value { Value.lower(a, b) }
}

enum Largest: Extremum {
    @inline(__always) static func of<Value: LaneOrder>(_ a: Value, _ b: Value) -> Value { Value.upper(a, b) }
}

/// The minimum or maximum of each channel over a square window of 2·radius + 1 pixels,
/// edges replicated, on 8-bit levels.
///
/// Separable: down the columns, then along the rows. Each direction doubles the span it
/// covers per pass (the extremum of 2, then 4, then 8 neighbours, ...) and ends with two
/// overlapping spans, so a window of w pixels costs ⌊log₂ w⌋ + 1 vector operations per
/// sample in each direction. Rows are processed in bands small enough to stay in cache;
/// the column pass reads the image rows directly, so only it sees the 2·radius rows of
/// overlap between bands.
struct SquareExtremum<Extreme: Extremum> {
    let radius: Int

    var window: Int { 2 * radius + 1 }
    /// The largest power of two not above the window: the span the doubling reaches.
    var span: Int {
        var span = 1
        while span * 2 <= window { span *= 2 }
        return span
    }

    func apply(to image: RGBImage) -> RGBImage {
        precondition(radius >= 1, "a window of one pixel needs no work")
        let (height, rowLength) = (image.height, image.bytesPerRow)
        // Room for the vector loops to run a whole vector past the end of a row.
        let stride = (rowLength + 2 * ByteVector.scalarCount - 1) / ByteVector.scalarCount * ByteVector.scalarCount
        let bandRows = max(2 * window, (1 << 20) / stride)
        let count = image.samples.count
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            image.withUnsafeSamples { input in
                let input = input.baseAddress!
                Parallel.forEachChunk(of: height, minimumChunk: max(4 * window, Parallel.minimumChunk / rowLength)) { rows in
                    let band = UnsafeMutablePointer<UInt8>.allocate(capacity: (bandRows + 2 * radius) * stride)
                    let line = UnsafeMutablePointer<UInt8>.allocate(capacity: stride + 6 * radius + ByteVector.scalarCount)
                    defer { band.deallocate(); line.deallocate() }
                    band.initialize(repeating: 0, count: (bandRows + 2 * radius) * stride)
                    line.initialize(repeating: 0, count: stride + 6 * radius + ByteVector.scalarCount)
                    for top in Swift.stride(from: rows.lowerBound, to: rows.upperBound, by: bandRows) {
                        let bottom = min(top + bandRows, rows.upperBound)
                        extremeDownColumns(input, rows: top..<bottom, height: height, rowLength: rowLength,
                                           into: band, stride: stride)
                        for y in top..<bottom {
                            let columns = band + (y - top) * stride
                            let other = columns + (window - span) * stride
                            extremeAlongRow(columns, other, length: rowLength, line: line,
                                            into: output.value + y * rowLength)
                        }
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: image.width, height: height, samples: samples)
    }

    /// Leaves in band row j the extremum of image rows top − radius + j ..< + span (clamped
    /// to the image), for j from 0 to the band's rows + window − span.
    private func extremeDownColumns(_ input: UnsafePointer<UInt8>, rows: Range<Int>, height: Int, rowLength: Int,
                                    into band: UnsafeMutablePointer<UInt8>, stride: Int) {
        let sources = rows.count + 2 * radius
        func imageRow(_ j: Int) -> UnsafePointer<UInt8> {
            input + min(max(rows.lowerBound - radius + j, 0), height - 1) * rowLength
        }
        // The first doubling reads the image, whose rows have no slack for a whole last vector.
        for j in 0..<(sources - 1) {
            combine(imageRow(j), imageRow(j + 1), count: rowLength, into: band + j * stride, wholeVectors: false)
        }
        var covered = 2
        while covered * 2 <= window {
            for j in 0..<(sources - 2 * covered + 1) {
                let row = band + j * stride
                combine(row, row + covered * stride, count: rowLength, into: row, wholeVectors: true)
            }
            covered *= 2
        }
    }

    /// One row of the output from its column extrema: the two overlapping spans combined,
    /// copied between replicated edge pixels into `line`, and doubled along the row.
    private func extremeAlongRow(_ columns: UnsafePointer<UInt8>, _ other: UnsafePointer<UInt8>, length: Int,
                                 line: UnsafeMutablePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
        let pad = 3 * radius
        let row = line + pad
        combine(columns, other, count: length, into: row, wholeVectors: true)
        for x in 0..<radius {
            for channel in 0..<3 {
                line[3 * x + channel] = row[channel]
                row[length + 3 * x + channel] = row[length - 3 + channel]
            }
        }
        var covered = 1
        while covered * 2 <= window {
            combine(line, line + 3 * covered, count: length + 2 * pad - 3 * covered, into: line, wholeVectors: true)
            covered *= 2
        }
        combine(line, line + 3 * (window - covered), count: length, into: output, wholeVectors: false)
    }
}

extension SquareExtremum {
    /// `output[i] = extremum(a[i], b[i])` for i < count. With `wholeVectors` the last vector
    /// is written whole, past `count`, which every buffer given it has room for; `output` may
    /// be `a` if it is not behind `b`.
    @inline(__always)
    private func combine(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int,
                         into output: UnsafeMutablePointer<UInt8>, wholeVectors: Bool) {
        let width = ByteVector.scalarCount
        var index = 0
        let end = wholeVectors ? count : count - width + 1
        while index < end {
            output.store(Extreme.of(a.vector(at: index), b.vector(at: index)), at: index)
            index += width
        }
        while index < count {
            output[index] = Extreme.of(a[index], b[index])
            index += 1
        }
    }
}
