#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An image turned about its centre, same size, by bilinear interpolation in the working
/// space; what the turn brings in from outside the source is white, as Leptonica's
/// `L_BRING_IN_WHITE` does, so a straightened page has white corners rather than black.
///
/// Positive angles turn the picture counter-clockwise as it appears on screen (the
/// convention of Core Image's and Pillow's rotations).
///
/// Source pixels are decoded as they are read, through the decoding table: a cache of
/// decoded rows was tried and measured no faster, its floats being four times the memory
/// traffic of the bytes.
struct Rotation {
    let degrees: Double

    func apply(to image: RGBImage, in space: WorkingSpace) -> RGBImage {
        let (width, height) = (image.width, image.height)
        let rowLength = width * 3
        let count = rowLength * height
        let geometry = RotationGeometry(degrees: degrees, width: width, height: height)
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            space.withSampleCoding { coding in
                image.withUnsafeSamples { input in
                    let source = RotationSource(samples: input.baseAddress!, width: width, height: height,
                                                table: coding.table.baseAddress!)
                    Parallel.forEachChunk(of: height, minimumChunk: max(1, height / (Parallel.cores * 4))) { rows in
                        // One sample of slack: pixels are written four samples wide.
                        let values = UnsafeMutablePointer<Float>.allocate(capacity: rowLength + 1)
                        defer { values.deallocate() }
                        for y in rows {
                            geometry.sampleRow(y, from: source, into: values)
                            coding.encode(values, count: rowLength, into: output.value + y * rowLength)
                        }
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: width, height: height, samples: samples)
    }
}

/// Where each output pixel reads the source: the point the opposite turn about the centre
/// takes it to, which moves by (cos, sin) per pixel along an output row.
///
/// Coordinates are shifted by one pixel, so that every point with a neighbour in the image
/// has non-negative coordinates, where truncation is the floor (a call to floor is not
/// inlined on baseline x86-64, and costs more than the rest of the pixel).
private struct RotationGeometry {
    let cosine: Double
    let sine: Double
    let width: Int
    let height: Int

    init(degrees: Double, width: Int, height: Int) {
        let radians = degrees * Double.pi / 180
        (cosine, sine) = (cos(radians), sin(radians))
        (self.width, self.height) = (width, height)
    }

    /// The shifted source point of output pixel (0, y).
    func start(_ y: Int) -> (x: Double, y: Double) {
        let centreX = Double(width - 1) / 2, centreY = Double(height - 1) / 2
        let dy = Double(y) - centreY
        return (centreX - centreX * cosine - dy * sine + 1, centreY - centreX * sine + dy * cosine + 1)
    }

    /// Output row `y` as working-space values, decoding each source pixel as it is read.
    func sampleRow(_ y: Int, from source: RotationSource, into values: UnsafeMutablePointer<Float>) {
        let start = start(y)
        for x in 0..<width {
            let pixel = source.bilinear(shiftedX: start.x + Double(x) * cosine, shiftedY: start.y + Double(x) * sine)
            UnsafeMutableRawPointer(values + 3 * x).storeBytes(of: pixel, as: SIMD4<Float>.self)
        }
    }
}

@inline(__always)
private func mix(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ t: Float) -> SIMD4<Float> {
    a + t * (b - a)
}

/// The source of a rotation, read as working-space values with white outside it.
private struct RotationSource {
    let samples: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    let table: UnsafePointer<Float>

    /// The bilinear blend of the four pixels around (x − 1, y − 1); any of them outside the
    /// image counts as white. The fourth lane is unused.
    @inline(__always)
    func bilinear(shiftedX x: Double, shiftedY y: Double) -> SIMD4<Float> {
        guard x >= 0 && y >= 0 && x < Double(width + 1) && y < Double(height + 1) else {
            return SIMD4(repeating: 1)
        }
        let (column, row) = (Int(x), Int(y))
        let fx = Float(x - Double(column)), fy = Float(y - Double(row))
        let (left, top) = (column - 1, row - 1)
        if left >= 0 && top >= 0 && column < width && row < height {
            let sample = samples + 3 * (top * width + left)
            let upper = mix(decode(sample), decode(sample + 3), fx)
            let lower = mix(decode(sample + 3 * width), decode(sample + 3 * width + 3), fx)
            return mix(upper, lower, fy)
        }
        let upper = mix(pixel(left, top), pixel(column, top), fx)
        let lower = mix(pixel(left, row), pixel(column, row), fx)
        return mix(upper, lower, fy)
    }

    @inline(__always)
    private func decode(_ sample: UnsafePointer<UInt8>) -> SIMD4<Float> {
        SIMD4(table[Int(sample[0])], table[Int(sample[1])], table[Int(sample[2])], 1)
    }

    @inline(__always)
    private func pixel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        guard x >= 0 && y >= 0 && x < width && y < height else { return SIMD4(repeating: 1) }
        return decode(samples + 3 * (y * width + x))
    }
}
