import CompanionFeed
import Foundation
import NIOCore
import ServiceLifecycle
import Threading

/// The companion feed as a stream of server-sent events, for every watch page at once.
///
/// The feed file is the source, not this server's own recognitions, so that updates from
/// `ocr`, `repl`, `batch` and every tab all show. One `FeedFollower` looks at the file every
/// `interval` and each new snapshot goes to every subscriber; a slow subscriber keeps only
/// the newest few events, so it can never hold the server's memory.
package final class FeedEvents: Service, Sendable {
    static let keepAliveInterval: Duration = .seconds(15)

    private struct State {
        var subscribers: [Int: AsyncStream<ByteBuffer>.Continuation] = [:]
        var nextSubscriber = 0
        /// The latest snapshot's event, sent first to every new subscriber.
        var latest: ByteBuffer?
        var finished = false
    }

    let reader: FeedReader
    let interval: Duration
    private let state = Locked(State())

    package init(path: String, interval: Duration = .milliseconds(50)) {
        reader = FeedReader(path: path)
        self.interval = interval
    }

    package var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// The events for one client: `retry`, the latest snapshot, then each new one.
    package func subscribe() -> AsyncStream<ByteBuffer> {
        let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(4))
        continuation.yield(ByteBuffer(string: "retry: 1000\n\n"))
        let id: Int? = state.withLock { state in
            guard !state.finished else { return nil }
            if let latest = state.latest { continuation.yield(latest) }
            defer { state.nextSubscriber += 1 }
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Watches the file until the server shuts down, then ends every stream so that the
    /// server's graceful shutdown does not wait for clients that never hang up.
    package func run() async throws {
        await cancelWhenGracefulShutdown {
            var follower = FeedFollower(path: self.reader.path)
            var quietSince = ContinuousClock.now
            while !Task.isCancelled {
                // A snapshot read from the file was JSON, so it encodes again.
                if case .snapshot(let snapshot)? = follower.poll(), let event = try? Self.event(for: snapshot) {
                    self.broadcast(event)
                    quietSince = .now
                }
                if ContinuousClock.now - quietSince > Self.keepAliveInterval {
                    self.broadcast(ByteBuffer(string: ": keep-alive\n\n"), remember: false)
                    quietSince = .now
                }
                try? await Task.sleep(for: self.interval)
            }
        }
        let subscribers = state.withLock { state in
            state.finished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }

    private func broadcast(_ event: ByteBuffer, remember: Bool = true) {
        let subscribers = state.withLock { state in
            if remember { state.latest = event }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(event) }
    }

    /// `event: feed`, the sequence as the event's id, the snapshot's JSON as its data.
    package static func event(for snapshot: FeedSnapshot) throws -> ByteBuffer {
        let json = String(decoding: try snapshot.encoded(), as: UTF8.self).trimmingCharacters(in: .newlines)
        return ByteBuffer(string: "event: feed\nid: \(snapshot.sequence)\ndata: \(json)\n\n")
    }
}
