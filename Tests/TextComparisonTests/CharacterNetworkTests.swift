import Testing
import TextComparison

private func network(_ readings: [String]) -> CharacterNetwork<String> {
    CharacterNetwork(readings.map { $0.map(String.init) })
}

/// Each reading as the network holds it, column by column, `·` for a gap.
private func rows(_ network: CharacterNetwork<String>) -> [String] {
    network.readings.indices.map { reading in
        network.columns.indices.map { network.symbols(in: $0)[reading] ?? "·" }.joined()
    }
}

@Suite("Readings of a line aligned symbol by symbol")
struct CharacterNetworkTests {
    @Test("Readings that agree make one column per symbol and no gaps")
    func agreeing() {
        let aligned = network(["loaf 2.50", "loaf 2.50", "loaf 2.50"])
        #expect(aligned.columns.count == 9)
        #expect(aligned.columns.allSatisfy { !$0.contains(nil) })
    }

    @Test("A reading that lost letters has gaps under them; one that read others shares their columns")
    func gapsAndSubstitutions() {
        let aligned = network(["Sourdough loaf", "urdough loaf", "Sourd0ugh lo af"])
        #expect(aligned.pivot == 0)
        #expect(rows(aligned) == ["Sourdough lo·af", "··urdough lo·af", "Sourd0ugh lo af"])
    }

    @Test("The first reading placed is the medoid; on a tie, the earliest")
    func medoid() {
        #expect(network(["TOTAL12.50", "TOTAL 12.50", "TOTAL 12.5O", "TOTAL I2.50"]).pivot == 1)
        #expect(network(["ab", "cd"]).pivot == 0)
    }

    @Test("Every reading's symbols stand in the columns once each and in order, whatever the readings",
          arguments: 0..<40)
    func everySymbolOnceInOrder(seed: UInt64) {
        var generator = SplitMix(seed)
        let alphabet = Array("ab1l. ")
        let readings = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
            String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        let aligned = network(readings)
        for (reading, text) in readings.enumerated() {
            let indices = aligned.columns.compactMap { $0[reading] }
            #expect(indices == Array(0..<text.count), "\(readings)")
        }
        #expect(aligned.columns.allSatisfy { $0.contains { $0 != nil } }, "a column nobody fills: \(readings)")
    }

    @Test("A truth falls into the columns without changing them, and says what none of the readings has")
    func truthAlignment() {
        let aligned = network(["TOTAL 12.50", "T0TAL 12.5O", "TOTAL I2.50", "TOTAL12.50"])
        let (symbols, unplaced) = aligned.aligning("TOTAL: 12.50".map(String.init))
        #expect(symbols.map { $0 ?? "·" }.joined() == "TOTAL 12.50")
        #expect(unplaced == 1)
        let (short, none) = aligned.aligning("TOTAL 2.50".map(String.init))
        #expect(short.compactMap { $0 }.joined() == "TOTAL 2.50" && none == 0)
    }

    @Test("No readings make no columns")
    func empty() {
        #expect(network([]).columns.isEmpty)
        #expect(network(["", ""]).columns.isEmpty)
    }
}

/// A seeded generator, so that each argument is the same case on every run.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
