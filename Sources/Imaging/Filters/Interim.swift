// INTERIM: plain implementations to be replaced by the fast filters.
import Foundation

private func mapValues(_ image: RGBImage, _ space: WorkingSpace, _ body: (inout [Float], Int) -> Void) -> RGBImage {
    var values = space.decode(image)
    body(&values, image.pixelCount)
    return space.encode(values, width: image.width, height: image.height)
}

public struct Greyscale: Sendable {
    public let amount: Double
    public init(amount: Double) { self.amount = min(1, max(0, amount)) }
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        guard amount > 0 else { return image }
        let a = Float(amount)
        return mapValues(image, space) { v, n in
            for p in 0..<n {
                let y = 0.2126 * v[3*p] + 0.7152 * v[3*p+1] + 0.0722 * v[3*p+2]
                for c in 0..<3 { v[3*p+c] = (1 - a) * v[3*p+c] + a * y }
            }
        }
    }
}

public struct Contrast: Sendable {
    public let factor: Double
    public init(factor: Double) { self.factor = factor }
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        let f = Float(factor)
        return mapValues(image, space) { v, _ in for i in v.indices { v[i] = (v[i] - 0.5) * f + 0.5 } }
    }
}

public struct Invert: Sendable {
    public let amount: Double
    public init(amount: Double) { self.amount = min(1, max(0, amount)) }
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        let a = Float(amount)
        return mapValues(image, space) { v, _ in for i in v.indices { v[i] = (1 - a) * v[i] + a * (1 - v[i]) } }
    }
}

public struct UnsharpMask: Sendable {
    public let radius: Double, amount: Double
    public init(radius: Double, amount: Double) { (self.radius, self.amount) = (radius, amount) }
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        let blurred = space.decode(GaussianBlur(sigma: radius).apply(to: image, in: space))
        let a = Float(amount)
        return mapValues(image, space) { v, _ in for i in v.indices { v[i] += a * (v[i] - blurred[i]) } }
    }
}

private func window(_ image: RGBImage, radius: Int, _ pick: ([UInt8]) -> UInt8) -> RGBImage {
    guard radius > 0 else { return image }
    var output = image
    var values: [UInt8] = []
    for y in 0..<image.height {
        for x in 0..<image.width {
            for c in 0..<3 {
                values.removeAll(keepingCapacity: true)
                for dy in -radius...radius {
                    let sy = min(max(y + dy, 0), image.height - 1)
                    for dx in -radius...radius {
                        let sx = min(max(x + dx, 0), image.width - 1)
                        values.append(image.samples[(sy * image.width + sx) * 3 + c])
                    }
                }
                output.withUnsafeMutableSamples { $0[(y * image.width + x) * 3 + c] = pick(values) }
            }
        }
    }
    return output
}

public struct MedianFilter: Sendable {
    public let radius: Int
    public init(radius: Int) { self.radius = radius }
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        window(image, radius: radius) { $0.sorted()[$0.count / 2] }
    }
}

public struct Morphology: Sendable {
    public enum Operation: Sendable { case minimum, maximum }
    public let operation: Operation, radius: Int
    public init(_ operation: Operation, radius: Int) { (self.operation, self.radius) = (operation, radius) }
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        window(image, radius: radius) { operation == .minimum ? $0.min()! : $0.max()! }
    }
}

public struct LanczosScale: Sendable {
    public static let maximumPixels = 64_000_000
    public let factor: Double
    public init(factor: Double) { self.factor = factor }
    public func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let f = min(factor, (Double(Self.maximumPixels) / Double(width * height)).squareRoot())
        return (max(1, Int((Double(width) * f).rounded())), max(1, Int((Double(height) * f).rounded())))
    }
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        let size = outputSize(width: image.width, height: image.height)
        if size == (image.width, image.height) { return image }
        var output = RGBImage(width: size.width, height: size.height)
        for y in 0..<size.height {
            let sy = min(image.height - 1, Int((Double(y) + 0.5) * Double(image.height) / Double(size.height)))
            for x in 0..<size.width {
                let sx = min(image.width - 1, Int((Double(x) + 0.5) * Double(image.width) / Double(size.width)))
                output[x, y] = image[sx, sy]
            }
        }
        return output
    }
}

private func luminanceLevels(_ image: RGBImage, _ space: WorkingSpace) -> [Int] {
    let v = space.decode(image)
    let table = space.decodingTable
    return (0..<image.pixelCount).map { p in
        let y = 0.2126 * v[3*p] + 0.7152 * v[3*p+1] + 0.0722 * v[3*p+2]
        return table.firstIndex { $0 >= y } ?? 255
    }
}

private func blackAndWhite(_ image: RGBImage, _ white: [Bool]) -> RGBImage {
    RGBImage(width: image.width, height: image.height, samples: white.flatMap { $0 ? [255, 255, 255] : [0, 0, 0] })
}

public struct OtsuThreshold: Sendable {
    public let bias: Double
    public init(bias: Double) { self.bias = bias }
    public static func level(ofHistogram histogram: [Int]) -> Int {
        let total = histogram.reduce(0, +)
        var best = 0, bestVariance = -1.0
        for k in 0..<255 {
            let w0 = histogram[0...k].reduce(0, +), w1 = total - w0
            guard w0 > 0, w1 > 0 else { continue }
            let m0 = Double((0...k).map { $0 * histogram[$0] }.reduce(0, +)) / Double(w0)
            let m1 = Double((k+1...255).map { $0 * histogram[$0] }.reduce(0, +)) / Double(w1)
            let variance = Double(w0) * Double(w1) * (m0 - m1) * (m0 - m1)
            if variance > bestVariance { (best, bestVariance) = (k, variance) }
        }
        return best
    }
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        let levels = luminanceLevels(image, space)
        var histogram = [Int](repeating: 0, count: 256)
        for l in levels { histogram[l] += 1 }
        let t = Double(Self.level(ofHistogram: histogram)) * bias
        return blackAndWhite(image, levels.map { Double($0) > t })
    }
}

public struct SauvolaThreshold: Sendable {
    public let radius: Int, k: Double
    public init(radius: Int, k: Double) { (self.radius, self.k) = (radius, k) }
    public static func defaultRadius(width: Int, height: Int) -> Int { max(7, min(width, height) / 64) }
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        let levels = luminanceLevels(image, space)
        let w = image.width, h = image.height
        var sum = [Double](repeating: 0, count: (w + 1) * (h + 1)), sq = sum
        for y in 0..<h { for x in 0..<w {
            let l = Double(levels[y * w + x])
            sum[(y+1)*(w+1)+x+1] = l + sum[y*(w+1)+x+1] + sum[(y+1)*(w+1)+x] - sum[y*(w+1)+x]
            sq[(y+1)*(w+1)+x+1] = l*l + sq[y*(w+1)+x+1] + sq[(y+1)*(w+1)+x] - sq[y*(w+1)+x]
        } }
        var white = [Bool](repeating: false, count: w * h)
        for y in 0..<h { for x in 0..<w {
            let x0 = max(0, x - radius), x1 = min(w, x + radius + 1), y0 = max(0, y - radius), y1 = min(h, y + radius + 1)
            let n = Double((x1 - x0) * (y1 - y0))
            let s = sum[y1*(w+1)+x1] - sum[y0*(w+1)+x1] - sum[y1*(w+1)+x0] + sum[y0*(w+1)+x0]
            let q = sq[y1*(w+1)+x1] - sq[y0*(w+1)+x1] - sq[y1*(w+1)+x0] + sq[y0*(w+1)+x0]
            let m = s / n, sd = max(0, q / n - m * m).squareRoot()
            white[y * w + x] = Double(levels[y * w + x]) > m * (1 + k * (sd / 128 - 1))
        } }
        return blackAndWhite(image, white)
    }
}

public struct Deskew: Sendable {
    public let maximumAngle: Double
    public init(maximumAngle: Double) { self.maximumAngle = maximumAngle }
    public static func detectAngle(in image: RGBImage, maximumAngle: Double) -> Double { 0 }
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage { image }
}
