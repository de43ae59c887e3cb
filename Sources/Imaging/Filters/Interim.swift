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

