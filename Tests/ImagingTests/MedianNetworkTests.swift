import Foundation
import Imaging
import Testing

/// The comparison networks of the 5×5 and 7×7 medians (`MedianNetworks.swift`), checked as
/// their derivation was: on every window whose columns are sorted columns of 0s and 1s.
@Suite("The median networks, by the 0-1 principle")
struct MedianNetworkTests {
    /// A de Bruijn sequence: every word of `order` symbols from 0..<`alphabet` appears once
    /// among its cyclic windows (the standard recursive construction over Lyndon words).
    static func deBruijn(alphabet: Int, order: Int) -> [Int] {
        var word = [Int](repeating: 0, count: alphabet * order)
        var sequence: [Int] = []
        func extend(_ t: Int, _ p: Int) {
            if t > order {
                if order % p == 0 { sequence.append(contentsOf: word[1...p]) }
                return
            }
            word[t] = word[t - p]
            extend(t + 1, p)
            for symbol in (word[t - p] + 1)..<alphabet {
                word[t] = symbol
                extend(t + 1, t)
            }
        }
        extend(1, 1)
        return sequence
    }

    @Test("Every window of sorted 0/1 columns gets its median", arguments: [2, 3])
    func everySortedWindow(radius: Int) throws {
        let size = 2 * radius + 1
        // Column x holds ones[x] white samples at the bottom: every combination of counts
        // appears as `size` neighbouring columns, each once.
        let cyclic = Self.deBruijn(alphabet: size + 1, order: size)
        #expect(cyclic.count == Int(pow(Double(size + 1), Double(size))))
        let ones = cyclic + cyclic.prefix(size - 1)
        var samples = [UInt8](repeating: 0, count: ones.count * size * 3)
        for (x, count) in ones.enumerated() {
            for y in (size - count)..<size {
                for channel in 0..<3 { samples[(y * ones.count + x) * 3 + channel] = 255 }
            }
        }
        let image = RGBImage(width: ones.count, height: size, samples: samples)
        let median = MedianFilter(radius: radius).apply(to: image)
        var wrong = 0
        for x in radius..<(ones.count - radius) {
            let white = ones[(x - radius)...(x + radius)].reduce(0, +)
            let expected: UInt8 = white > size * size / 2 ? 255 : 0
            if median[x, radius].red != expected { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) windows of \(ones.count - 2 * radius) have the wrong median")
    }
}
