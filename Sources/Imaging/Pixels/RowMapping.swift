extension RGBImage {
    /// A new image of this size whose rows `body` writes, in parallel over bands of rows.
    ///
    /// `body` gets the row's number, its input samples, where to write its output samples,
    /// a scratch row of `bytesPerRow` working-space values of its own, and the space's coding:
    /// what every per-row filter needs, written once.
    func mappingRows(in space: WorkingSpace,
                     _ body: (_ y: Int, _ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>,
                              _ scratch: UnsafeMutablePointer<Float>, _ coding: SampleCoding) -> Void) -> RGBImage {
        let rowLength = bytesPerRow
        let count = samples.count
        let mapped = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            space.withSampleCoding { coding in
                withUnsafeSamples { input in
                    Parallel.forEachChunk(of: height, minimumChunk: max(1, Parallel.minimumChunk / rowLength)) { rows in
                        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: rowLength)
                        defer { scratch.deallocate() }
                        for y in rows {
                            body(y, input.baseAddress! + y * rowLength, output.value + y * rowLength, scratch, coding)
                        }
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: width, height: height, samples: mapped)
    }
}
