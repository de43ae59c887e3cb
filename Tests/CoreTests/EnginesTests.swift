import Core
import Dispatch
import Foundation
import Imaging
import Recognition
import Synchronization
import Threading
import Testing

/// A run's engines: threads that each make an engine of their own and take jobs from one
/// queue, and the ordered parallel map over them.
@Suite("A run's engines")
struct EnginesTests {
    /// A recognizer that says when it is gone (its thread has ended).
    final class Counted: Recognizer, Sendable {
        let gone: DispatchSemaphore?

        init(gone: DispatchSemaphore? = nil) { self.gone = gone }

        deinit { gone?.signal() }

        func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
            RecognizedText(text: "read", meanConfidence: 90, words: [])
        }
    }

    struct CannotStart: Error, CustomStringConvertible {
        let number: Int
        var description: String { "engine \(number) cannot start" }
    }

    /// Hands out 0, 1, 2, ... as engines are made.
    final class Numbers: Sendable {
        private let next = Atomic<Int>(0)
        func take() -> Int { next.add(1, ordering: .relaxed).oldValue }
    }

    /// Engines whose recognizers are `Counted`, counting how many were made.
    private static func engines(_ count: Int, made: Numbers = Numbers(), start: Engines.Start = .now) throws -> Engines {
        try Engines(count: count, settings: RecognitionSettings(), factory: { _ in
            _ = made.take()
            return Counted()
        }, start: start)
    }

    /// How long a test waits for what must happen before it calls it a failure (a hang), not
    /// how long anything takes.
    private static let patience = DispatchTimeInterval.seconds(30)

    @Test("Every engine is made before init returns, one per thread; a count below one is one")
    func count() throws {
        let made = Numbers()
        let three = try Self.engines(3, made: made)
        #expect(three.count == 3)
        #expect(made.take() == 3)
        #expect(try Self.engines(0).count == 1)
    }

    @Test("Engines started lazily are made when a job first reads, each once, on its own thread")
    func lazily() throws {
        let made = Numbers()
        let engines = try Self.engines(2, made: made, start: .lazily)
        try engines.started()
        #expect(engines.perform { _ in 1 } == 1)
        let readings = engines.batch(of: Bool.self)
        for tag in 0..<6 { readings.submit(tag) { (try? $0.recognize(RGBImage(width: 8, height: 8), resolution: nil)) != nil } }
        #expect(readings.all().allSatisfy { $0.output })
        #expect((1...2).contains(made.take()), "one engine made by each thread that read, at most two")
    }

    @Test("A batch's jobs on one engine run on its thread, not the caller's, in the order given")
    func batchOnOneEngine() throws {
        let engines = try Self.engines(1)
        let caller = pthread_self()
        let batch = engines.batch(of: (number: Int, onCaller: Bool).self)
        for tag in 0..<5 { batch.submit(tag) { ($0.number, pthread_equal(pthread_self(), caller) != 0) } }
        let runs = batch.all()
        #expect(runs.map(\.tag) == [0, 1, 2, 3, 4], "one engine takes the queue in order")
        #expect(runs.allSatisfy { $0.output.number == 0 && !$0.output.onCaller })
    }

    @Test("A batch's jobs run on every engine at once, each job given the engine of its thread")
    func batchSharesEngines() throws {
        let engines = try Self.engines(3)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let batch = engines.batch(of: Int.self)
        // Three jobs that hold their engines until all three have started: three engines run them.
        for tag in 0..<3 {
            batch.submit(tag) { engine in
                started.signal()
                _ = release.wait(timeout: .now() + 30)
                return engine.number
            }
        }
        for _ in 0..<3 { #expect(started.wait(timeout: .now() + Self.patience) == .success, "three at once") }
        for _ in 0..<3 { release.signal() }
        #expect(Set(batch.all().map(\.output)) == [0, 1, 2])
    }

    @Test("An engine that cannot start makes init throw its error, and the engines that started end")
    func startFailure() throws {
        let gone = DispatchSemaphore(value: 0)
        let numbers = Numbers()
        #expect {
            _ = try Engines(count: 3, settings: RecognitionSettings(), factory: { _ in
                let number = numbers.take()
                if number == 1 { throw CannotStart(number: 1) }
                return Counted(gone: gone)
            })
        } throws: { "\($0)".contains("engine 1 cannot start") }
        // The two engines made are freed as their threads end: no thread is left waiting for jobs.
        for _ in 0..<2 { #expect(gone.wait(timeout: .now() + Self.patience) == .success, "an engine's thread ended") }
    }

    @Test("When every engine fails to start, init throws one of their errors, once")
    func allFail() throws {
        let numbers = Numbers()
        do {
            _ = try Engines(count: 4, settings: RecognitionSettings(), factory: { _ in throw CannotStart(number: numbers.take()) })
            Issue.record("init returned though no engine started")
        } catch {
            #expect(error.message.contains("cannot start"))
        }
        #expect(numbers.take() == 4, "each engine tried once")
    }

    @Test("map delivers outputs in the order of the items, though the engines finish them out of order")
    func mapOrder() throws {
        let engines = try Self.engines(3)
        // Item 0 waits until items 1 and 2 have finished, so it finishes after them.
        let laterDone = DispatchSemaphore(value: 0)
        let finishedOrder = Mutex<[Int]>([])
        var delivered: [String] = []
        engines.map(window: 8, produce: { (emit: (Int) -> Void) in
            for item in 0..<12 { emit(item) }
        }, transform: { (_: Engine, ticket: Int, item: Int) -> String in
            if item == 0 { _ = laterDone.wait(timeout: .now() + 30); _ = laterDone.wait(timeout: .now() + 30) }
            finishedOrder.withLock { $0.append(item) }
            if item == 1 || item == 2 { laterDone.signal() }
            return "\(ticket):\(item)"
        }, deliver: { delivered.append($0) })
        #expect(delivered == (0..<12).map { "\($0):\($0)" })
        let order = finishedOrder.withLock { $0 }
        #expect(order.firstIndex(of: 0) ?? 0 > order.firstIndex(of: 2) ?? 0, "item 0 finished after item 2: \(order)")
    }

    @Test("A costliest-first map gives a free engine the costliest item waiting (the first emitted of equals), and delivers in the order emitted")
    func costliestFirst() throws {
        let engines = try Self.engines(1)
        let costs = [3, 9, 1, 7, 7, 2, 0]
        let allEmitted = DispatchSemaphore(value: 0)
        let taken = Mutex<[Int]>([])
        var delivered: [String] = []
        engines.map(window: 16, order: .costliestFirst(pairing: .max), produce: { (emit: (Int, Int) -> Void) in
            for (item, cost) in costs.enumerated() { emit(item, cost) }
            allEmitted.signal()
        }, transform: { (_: Engine, ticket: Int, item: Int) -> String in
            // The first item is taken before the others are emitted; the rest wait for it.
            if taken.withLock({ $0.append(item); return $0.count == 1 }) {
                _ = allEmitted.wait(timeout: .now() + Self.patience)
            }
            return "\(ticket):\(item)"
        }, deliver: { delivered.append($0) })
        #expect(delivered == costs.indices.map { "\($0):\($0)" })
        let order = taken.withLock { $0 }
        try #require(order.count == costs.count)
        let rest = costs.indices.filter { $0 != order[0] }
            .sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        #expect(Array(order.dropFirst()) == rest, "taken \(order)")
    }

    @Test("A producer that stops early ends the map, with everything it emitted delivered")
    func producerStopsEarly() throws {
        let engines = try Self.engines(2)
        let stop = Atomic<Bool>(false)
        let emitted = Atomic<Int>(0)
        var delivered: [Int] = []
        // The producer could go on for ever; it stops once three outputs have been delivered.
        engines.map(window: 2, produce: { (emit: (Int) -> Void) in
            var item = 0
            while !stop.load(ordering: .relaxed) {
                emit(item)
                emitted.add(1, ordering: .relaxed)
                item += 1
            }
        }, transform: { (_: Engine, _: Int, item: Int) -> Int in item }, deliver: { output in
            delivered.append(output)
            if delivered.count == 3 { stop.store(true, ordering: .relaxed) }
        })
        #expect(delivered.count >= 3)
        #expect(delivered == Array(0..<delivered.count))
        #expect(delivered.count == emitted.load(ordering: .relaxed))
    }

    @Test("A producer that emits nothing ends the map at once, delivering nothing")
    func emptyProducer() throws {
        let engines = try Self.engines(2)
        var delivered = 0
        engines.map(window: 4, produce: { _ in }, transform: { (_: Engine, _: Int, item: Int) -> Int in item }, deliver: { _ in delivered += 1 })
        #expect(delivered == 0)
    }

    @Test("The producer runs at most `window` items ahead of the delivery", arguments: [1, 3])
    func windowBoundsProducer(window: Int) throws {
        let engines = try Self.engines(4)
        let emitted = Atomic<Int>(0)
        // Set when the producer asks to emit one item more than the window holds.
        let pastWindow = DispatchSemaphore(value: 0)
        var aheadAtDelivery: [Int] = []
        var delivered = 0
        engines.map(window: window, produce: { (emit: (Int) -> Void) in
            for item in 0..<20 {
                if item == window { pastWindow.signal() }
                emit(item)
                emitted.add(1, ordering: .relaxed)
            }
        }, transform: { (_: Engine, ticket: Int, item: Int) -> Int in
            // The first item is held until the producer has had the chance to run ahead.
            if ticket == 0 { _ = pastWindow.wait(timeout: .now() + 30) }
            return item
        }, deliver: { _ in
            aheadAtDelivery.append(emitted.load(ordering: .relaxed) - delivered)
            delivered += 1
        })
        #expect(delivered == 20)
        #expect(aheadAtDelivery.allSatisfy { $0 <= window }, "items emitted but not yet delivered: \(aheadAtDelivery)")
        #expect(aheadAtDelivery.first == window, "the producer filled the window while the first item was held")
    }
}
