import Testing
import Threading

@Suite("Reorder buffer: results in input order")
struct ReorderBufferTests {
    @Test("A result that arrives early is held until those before it are out")
    func holdsEarlyResults() {
        var buffer = ReorderBuffer<String>()
        #expect(buffer.arrived(1, "b").isEmpty)
        #expect(buffer.arrived(2, "c").isEmpty)
        #expect(buffer.heldBack == 2)
        #expect(buffer.arrived(0, "a") == ["a", "b", "c"])
        #expect(buffer.heldBack == 0)
        #expect(buffer.next == 3)
    }

    @Test("Results in order pass straight through")
    func inOrder() {
        var buffer = ReorderBuffer<Int>()
        for ticket in 0..<5 { #expect(buffer.arrived(ticket, ticket * 10) == [ticket * 10]) }
    }

    @Test("Complete only once the input has ended and every ticket is out")
    func completion() {
        var buffer = ReorderBuffer<Int>()
        #expect(!buffer.isComplete)
        _ = buffer.arrived(0, 0)
        #expect(!buffer.isComplete, "more may come until the input ends")
        buffer.inputEnded(after: 2)
        #expect(!buffer.isComplete)
        _ = buffer.arrived(1, 1)
        #expect(buffer.isComplete)
    }

    @Test("An empty input is complete at once")
    func emptyInput() {
        var buffer = ReorderBuffer<Int>()
        buffer.inputEnded(after: 0)
        #expect(buffer.isComplete)
    }

    @Test("Any arrival order gives input order", arguments: 0..<20)
    func anyOrder(round: Int) {
        var generator = SystemRandomNumberGenerator()
        let tickets = Array(0..<50).shuffled(using: &generator)
        var buffer = ReorderBuffer<Int>()
        var released: [Int] = []
        for ticket in tickets { released += buffer.arrived(ticket, ticket) }
        buffer.inputEnded(after: 50)
        #expect(released == Array(0..<50), "round \(round)")
        #expect(buffer.isComplete)
    }
}
