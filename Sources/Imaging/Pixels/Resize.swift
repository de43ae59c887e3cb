extension RGBImage {
    /// The image shrunk to `width` x `height` by averaging the pixels each output pixel
    /// covers; for previews, where a faithful average matters more than sharpness.
    public func boxResized(width newWidth: Int, height newHeight: Int) -> RGBImage {
        precondition(newWidth > 0 && newHeight > 0)
        var output = RGBImage(width: newWidth, height: newHeight)
        for y in 0..<newHeight {
            let top = y * height / newHeight, bottom = max(top + 1, (y + 1) * height / newHeight)
            for x in 0..<newWidth {
                let left = x * width / newWidth, right = max(left + 1, (x + 1) * width / newWidth)
                var sum = (0, 0, 0)
                for sy in top..<bottom {
                    for sx in left..<right {
                        let pixel = self[sx, sy]
                        sum = (sum.0 + Int(pixel.red), sum.1 + Int(pixel.green), sum.2 + Int(pixel.blue))
                    }
                }
                let count = (bottom - top) * (right - left)
                output[x, y] = RGBPixel(red: UInt8(sum.0 / count), green: UInt8(sum.1 / count), blue: UInt8(sum.2 / count))
            }
        }
        return output
    }
}
