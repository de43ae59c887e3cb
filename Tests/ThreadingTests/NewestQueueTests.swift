import Dispatch
import Synchronization
import Testing
import Threading

@Suite("A queue that keeps the newest when its consumer falls behind")
struct NewestQueueTests {
    @Test("Within its capacity every item comes out, in order, then nil once closed")
    func keepsOrder() {
        let queue = NewestQueue<Int>(capacity: 4)
        for item in 1...4 { #expect(queue.push(item) == 0) }
        queue.close()
        #expect([queue.pop(), queue.pop(), queue.pop(), queue.pop(), queue.pop()] == [1, 2, 3, 4, nil])
    }

    @Test("Past its capacity the oldest waiting items are dropped, never the newest")
    func dropsOldest() {
        let queue = NewestQueue<Int>(capacity: 3)
        let dropped = (1...10).map { queue.push($0) }
        #expect(dropped == [0, 0, 0, 1, 1, 1, 1, 1, 1, 1])
        queue.close()
        #expect([queue.pop(), queue.pop(), queue.pop(), queue.pop()] == [8, 9, 10, nil])
    }

    @Test("A waiting consumer wakes for each push and for the close, across threads")
    func acrossThreads() {
        let queue = NewestQueue<Int>(capacity: 8)
        let received = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            while let item = queue.pop() { received.withLock { $0.append(item) } }
            done.signal()
        }
        DispatchQueue.concurrentPerform(iterations: 4) { producer in
            for index in 0..<2_000 { queue.push(producer * 10_000 + index) }
        }
        queue.push(99_999)
        queue.close()
        done.wait()
        let items = received.withLock { $0 }
        #expect(items.last == 99_999)
        for producer in 0..<4 {
            let own = items.filter { $0 / 10_000 == producer }
            #expect(own == own.sorted(), "producer \(producer)'s items came out of order")
        }
    }
}
