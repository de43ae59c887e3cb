/// An 8-bit sRGB image with interleaved R, G, B samples in flat row-major storage.
///
/// The value type every part of filterocr speaks: decoders produce it, filters map one to
/// another, the recogniser reads it. Alpha never reaches it (decoders composite over white).
public struct RGBImage: Sendable, Equatable, Hashable {
    /// Samples per pixel.
    public static let channels = 3

    public let width: Int
    public let height: Int
    /// `width * height * 3` samples, row by row, R G B for each pixel.
    public private(set) var samples: [UInt8]

    /// An image with every pixel set to `fill` (white by default).
    public init(width: Int, height: Int, fill: RGBPixel = .white) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        self.width = width
        self.height = height
        var samples = [UInt8](repeating: 0, count: width * height * Self.channels)
        for index in stride(from: 0, to: samples.count, by: Self.channels) {
            samples[index] = fill.red
            samples[index + 1] = fill.green
            samples[index + 2] = fill.blue
        }
        self.samples = samples
    }

    /// Wraps existing samples; `samples.count` must be `width * height * 3`.
    public init(width: Int, height: Int, samples: [UInt8]) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        precondition(samples.count == width * height * Self.channels,
                     "expected \(width * height * Self.channels) samples, got \(samples.count)")
        self.width = width
        self.height = height
        self.samples = samples
    }

    public var pixelCount: Int { width * height }
    public var bytesPerRow: Int { width * Self.channels }

    public subscript(x: Int, y: Int) -> RGBPixel {
        get {
            let index = (y * width + x) * Self.channels
            return RGBPixel(red: samples[index], green: samples[index + 1], blue: samples[index + 2])
        }
        set {
            let index = (y * width + x) * Self.channels
            samples[index] = newValue.red
            samples[index + 1] = newValue.green
            samples[index + 2] = newValue.blue
        }
    }

    /// Gives the hot loops of filters direct access to the samples.
    public mutating func withUnsafeMutableSamples<Result>(
        _ body: (inout UnsafeMutableBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try samples.withUnsafeMutableBufferPointer(body)
    }

    public func withUnsafeSamples<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try samples.withUnsafeBufferPointer(body)
    }
}

/// One 8-bit sRGB pixel.
public struct RGBPixel: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public init(grey: UInt8) {
        self.init(red: grey, green: grey, blue: grey)
    }

    public static let white = RGBPixel(grey: 255)
    public static let black = RGBPixel(grey: 0)
}

extension RGBImage {
    /// Whether every pixel has equal red, green and blue: a grey image stored as RGB.
    public var isGreyscale: Bool {
        withUnsafeSamples { samples in
            var index = 0
            while index < samples.count {
                if samples[index] != samples[index + 1] || samples[index] != samples[index + 2] { return false }
                index += 3
            }
            return true
        }
    }

    /// Whether every sample is black or white: a 1-bit scan or fax.
    public var isBilevel: Bool {
        withUnsafeSamples { samples in samples.allSatisfy { $0 == 0 || $0 == 255 } }
    }

    /// One sample per pixel: the red channel, which for a greyscale image is the grey level.
    public func greySamples() -> [UInt8] {
        withUnsafeSamples { samples in
            [UInt8](unsafeUninitializedCapacity: pixelCount) { output, count in
                for pixel in 0..<pixelCount { output[pixel] = samples[pixel * 3] }
                count = pixelCount
            }
        }
    }
}
