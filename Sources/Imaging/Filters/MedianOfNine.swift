/// The 3x3 median of each channel, edges replicated, 16 samples at a time.
///
/// Each column of three (the sample and the ones above and below) is sorted once, in three
/// compare-exchanges, and is shared by the three outputs beside it. The median of the nine
/// is then the median of: the largest of the three lows, the median of the three middles,
/// the smallest of the three highs. About 18 minimum/maximum operations per 16 samples, no
/// branches.
struct MedianOfNine {
    func apply(to image: RGBImage) -> RGBImage {
        let (height, rowLength) = (image.height, image.bytesPerRow)
        // Sorted columns for one row, with the edge pixel repeated on each side.
        let padded = rowLength + 6
        return image.mappingBands { rows, input, output in
            let sorted = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 * padded)
            defer { sorted.deallocate() }
            let (low, middle, high) = (sorted, sorted + padded, sorted + 2 * padded)
            func row(_ y: Int) -> UnsafePointer<UInt8> { input + min(max(y, 0), height - 1) * rowLength }
            for y in rows {
                sortColumns(row(y - 1), row(y), row(y + 1), count: rowLength, into: low + 3, middle + 3, high + 3)
                replicateEdges(low, length: rowLength)
                replicateEdges(middle, length: rowLength)
                replicateEdges(high, length: rowLength)
                medians(low, middle, high, count: rowLength, into: output + y * rowLength)
            }
        }
    }
}

/// Each column of three samples sorted into the low, middle and high rows.
private func sortColumns(_ above: UnsafePointer<UInt8>, _ centre: UnsafePointer<UInt8>, _ below: UnsafePointer<UInt8>,
                         count: Int, into low: UnsafeMutablePointer<UInt8>, _ middle: UnsafeMutablePointer<UInt8>,
                         _ high: UnsafeMutablePointer<UInt8>) {
    var index = 0
    while index + ByteVector.scalarCount <= count {
        let sorted = sort(above.vector(at: index), centre.vector(at: index), below.vector(at: index))
        low.store(sorted.0, at: index)
        middle.store(sorted.1, at: index)
        high.store(sorted.2, at: index)
        index += ByteVector.scalarCount
    }
    while index < count {
        (low[index], middle[index], high[index]) = sort(above[index], centre[index], below[index])
        index += 1
    }
}

/// Sets the pixel before a row of `length` samples (which starts 3 samples in) to its first
/// pixel, and the pixel after it to its last.
private func replicateEdges(_ padded: UnsafeMutablePointer<UInt8>, length: Int) {
    for channel in 0..<3 {
        padded[channel] = padded[3 + channel]
        padded[length + 3 + channel] = padded[length + channel]
    }
}

/// The median of nine for each sample, from the sorted columns at it and a pixel either side.
private func medians(_ low: UnsafePointer<UInt8>, _ middle: UnsafePointer<UInt8>, _ high: UnsafePointer<UInt8>,
                     count: Int, into output: UnsafeMutablePointer<UInt8>) {
    // Offsets 0, 3 and 6 are the pixel before, the pixel itself and the pixel after.
    var index = 0
    while index + ByteVector.scalarCount <= count {
        func columns(_ row: UnsafePointer<UInt8>) -> (ByteVector, ByteVector, ByteVector) {
            (row.vector(at: index), row.vector(at: index + 3), row.vector(at: index + 6))
        }
        output.store(medianOfSorted(columns(low), columns(middle), columns(high)), at: index)
        index += ByteVector.scalarCount
    }
    while index < count {
        func columns(_ row: UnsafePointer<UInt8>) -> (UInt8, UInt8, UInt8) { (row[index], row[index + 3], row[index + 6]) }
        output[index] = medianOfSorted(columns(low), columns(middle), columns(high))
        index += 1
    }
}

/// Three values in order.
@inline(__always)
private func sort<Value: LaneOrder>(_ a: Value, _ b: Value, _ c: Value) -> (Value, Value, Value) {
    let (first, second) = (Value.lower(a, b), Value.upper(a, b))
    let low = Value.lower(first, c), rest = Value.upper(first, c)
    return (low, Value.lower(second, rest), Value.upper(second, rest))
}

@inline(__always)
private func median<Value: LaneOrder>(_ a: Value, _ b: Value, _ c: Value) -> Value {
    Value.upper(Value.lower(a, b), Value.lower(Value.upper(a, b), c))
}

/// The median of three sorted columns, given as their lows, middles and highs: the median of
/// the largest low, the middle middle and the smallest high.
@inline(__always)
private func medianOfSorted<Value: LaneOrder>(_ lows: (Value, Value, Value), _ middles: (Value, Value, Value),
                                              _ highs: (Value, Value, Value)) -> Value {
    let largestLow = Value.upper(Value.upper(lows.0, lows.1), lows.2)
    let smallestHigh = Value.lower(Value.lower(highs.0, highs.1), highs.2)
    return median(largestLow, median(middles.0, middles.1, middles.2), smallestHigh)
}
