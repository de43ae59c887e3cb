extension RGBImage {
    /// A new image of this size written band by band, the bands in parallel: `body` gets a
    /// band of rows, this image's samples and the new image's, and writes the band's rows.
    /// The allocation and splitting every row-wise filter needs, written once.
    func mappingBands(_ body: (_ rows: Range<Int>, _ input: UnsafePointer<UInt8>,
                               _ output: UnsafeMutablePointer<UInt8>) -> Void) -> RGBImage {
        let count = samples.count
        let mapped = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            withUnsafeSamples { input in
                Parallel.forEachChunk(of: height, minimumChunk: max(1, Parallel.minimumChunk / bytesPerRow)) { rows in
                    body(rows, input.baseAddress!, output.value)
                }
            }
            initialized = count
        }
        return RGBImage(width: width, height: height, samples: mapped)
    }

    /// A new image of this size whose rows `body` writes one at a time, in parallel bands.
    ///
    /// `body` gets the row's number, its input samples, where to write its output samples,
    /// a scratch row of `bytesPerRow` working-space values of its own, and the space's coding.
    func mappingRows(in space: WorkingSpace,
                     _ body: (_ y: Int, _ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>,
                              _ scratch: UnsafeMutablePointer<Float>, _ coding: SampleCoding) -> Void) -> RGBImage {
        let rowLength = bytesPerRow
        return space.withSampleCoding { coding in
            mappingBands { rows, input, output in
                let scratch = UnsafeMutablePointer<Float>.allocate(capacity: rowLength)
                defer { scratch.deallocate() }
                for y in rows {
                    body(y, input + y * rowLength, output + y * rowLength, scratch, coding)
                }
            }
        }
    }
}
