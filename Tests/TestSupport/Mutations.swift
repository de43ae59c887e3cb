/// SplitMix64: the same "random" bytes on every run, so a failure can be replayed.
public struct RepeatableGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The damage a fuzzer does to a file, one step at a time: a bit flipped, a byte set or
/// inserted, a run removed or repeated, the end cut off.
public enum Mutation {
    public static func mutate(_ bytes: inout [UInt8], using generator: inout RepeatableGenerator) {
        guard !bytes.isEmpty else {
            bytes.append(UInt8.random(in: .min ... .max, using: &generator))
            return
        }
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        case 1: bytes[index] = UInt8.random(in: .min ... .max, using: &generator)
        case 2: bytes[index] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &generator)]
        case 3: bytes.insert(UInt8.random(in: .min ... .max, using: &generator), at: index)
        case 4: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...16, using: &generator)))
        case 5: bytes.removeSubrange(index...)
        default:
            let end = min(bytes.count, index + Int.random(in: 1...32, using: &generator))
            bytes.insert(contentsOf: bytes[index..<end], at: index)
        }
    }
}
