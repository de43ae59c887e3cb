import Dispatch
import Testing
import Threading

@Suite("Work queue: first in, first out between threads")
struct WorkQueueTests {
    @Test("Items come out in the order they went in")
    func firstInFirstOut() async {
        let queue = WorkQueue<Int>()
        for item in 1...5 { queue.push(item) }
        #expect((1...5).map { _ in queue.pop() } == [1, 2, 3, 4, 5])
    }

    @Test("Closing keeps the items pushed before it: they come out first, then nil once per consumer")
    func closeAfterItems() async {
        let queue = WorkQueue<String>()
        queue.push("a")
        queue.push("b")
        queue.close(consumers: 2)
        #expect(queue.pop() == "a")
        #expect(queue.pop() == "b")
        #expect(queue.pop() == nil)
        #expect(queue.pop() == nil, "two consumers were told, each pops nil once")
    }

    @Test("A pop waits for an item rather than answering nil while the queue is open")
    func popWaits() async {
        let queue = WorkQueue<String>()
        let popped = Locked<String??>(nil)
        let consumer = WatchedThread {
            let item = queue.pop()
            popped.withLock { $0 = .some(item) }
        }
        #expect(await consumer.waitUntilAsleep(), "an empty open queue makes pop wait")
        #expect(popped.withLock { $0 } == nil, "nothing popped yet")
        queue.push("page")
        #expect(await consumer.join())
        #expect(popped.withLock { $0 } == .some("page"))
    }

    @Test("Closed for several consumers, every item goes to exactly one of them and each ends once",
          arguments: [1, 3, 8])
    func severalConsumers(consumers: Int) async {
        let queue = WorkQueue<Int>()
        let taken = Locked<[Int]>([])
        let nils = Locked(0)
        let threads = (0..<consumers).map { _ in
            WatchedThread {
                while let item = queue.pop() { taken.withLock { $0.append(item) } }
                nils.withLock { $0 += 1 }
            }
        }
        for item in 0..<500 { queue.push(item) }
        queue.close(consumers: consumers)
        #expect(await allJoined(threads), "a consumer never saw the end")
        #expect(taken.withLock { $0 }.sorted() == Array(0..<500), "every item once, none lost or doubled")
        #expect(nils.withLock { $0 } == consumers)
    }

    @Test("Closing for fewer consumers than are waiting ends only that many; the rest go on waiting")
    func closeEndsOnlyThoseCounted() async {
        let queue = WorkQueue<Int>()
        let ended = Locked(0)
        let threads = (0..<3).map { _ in
            WatchedThread {
                while queue.pop() != nil {}
                ended.withLock { $0 += 1 }
            }
        }
        #expect(await allAsleep(threads))
        queue.close(consumers: 2)
        #expect(await eventually { threads.filter(\.isFinished).count == 2 }, "two consumers were told to end")
        // The third must still be waiting, not ended by a signal meant for another.
        let waiting = threads.filter { !$0.isFinished }
        #expect(await allAsleep(waiting) && waiting.count == 1)
        #expect(ended.withLock { $0 } == 2)
        queue.close()
        #expect(await allJoined(threads))
        #expect(ended.withLock { $0 } == 3)
    }
}
