import Dispatch
import Foundation
import Threading

/// A run's engines as an ordered parallel map: a producer thread makes the items in order,
/// `engines` threads, each with an engine of its own, turn them into outputs, and the calling
/// thread receives the outputs in the producer's order as they complete.
///
/// At most `window` items are made ahead of the delivery, so a producer that outruns the
/// engines (rendering a sweep's points, reading a folder's names) holds memory for a few items,
/// not for all of them. `ocr`/`batch` and `sweep` run their engines through it.
enum OrderedEngineMap {
    private enum Event<Output: Sendable>: Sendable {
        case finished(ticket: Int, Output)
        case produced(count: Int)
    }

    /// Makes the engines (throwing once if one cannot start), then maps every item `produce`
    /// emits through `transform` (given the item's place in the order) and hands the outputs
    /// to `deliver` in that order, on this thread. Returns once the producer has finished and
    /// every output is delivered; `produce` stops early by returning.
    static func run<Engine, Item: Sendable, Output: Sendable>(
        engines: Int, window: Int,
        makeEngine: @escaping @Sendable () throws -> Engine,
        produce: @escaping @Sendable (_ emit: (Item) -> Void) -> Void,
        transform: @escaping @Sendable (inout Engine, _ ticket: Int, Item) -> Output,
        deliver: (Output) -> Void
    ) throws(RunnerError) {
        let work = WorkQueue<(ticket: Int, item: Item)>()
        let events = WorkQueue<Event<Output>>()
        let slots = DispatchSemaphore(value: window)
        do {
            try EngineThreads.start(count: engines, make: makeEngine) { engine in
                while let (ticket, item) = work.pop() {
                    events.push(.finished(ticket: ticket, transform(&engine, ticket, item)))
                }
            }
        } catch {
            work.close(consumers: engines)
            throw RunnerError(message: oneLineMessage(for: error))
        }
        let producer = Thread {
            var count = 0
            produce { item in
                slots.wait()
                work.push((count, item))
                count += 1
            }
            events.push(.produced(count: count))
            work.close(consumers: engines)
        }
        // As for the engines: rendering a page through some filters' libraries needs more
        // than the default stack.
        producer.stackSize = 8 << 20
        producer.start()
        var order = ReorderBuffer<Output>()
        while !order.isComplete, let event = events.pop() {
            switch event {
            case .produced(let count):
                order.inputEnded(after: count)
            case let .finished(ticket, output):
                for ready in order.arrived(ticket, output) {
                    deliver(ready)
                    slots.signal()
                }
            }
        }
    }
}
