import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Holds one connection to the registry's limits: it counts against the connection limit,
/// and it is closed when its request's head, its body, or the next request on a kept
/// connection takes longer than its deadline (a client sending its head a byte at a time
/// would otherwise hold a connection, and a file descriptor, for as long as it likes).
///
/// Sits after the HTTP decoder, so it sees requests' parts and answers' parts; bytes of a
/// head not yet complete are no event here, which is the point: only a whole head counts.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let registry: ConnectionRegistry
    private var deadlines: ConnectionDeadlines
    private var id: Int?
    private var timer: Scheduled<Void>?
    /// When `timer` fires.
    private var timerDeadline: ContinuousClock.Instant?

    init(registry: ConnectionRegistry) {
        self.registry = registry
        deadlines = ConnectionDeadlines(limits: registry.limits, openedAt: .now)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard let id = registry.open(context.channel) else {
            // Refused for want of room: closed once the pipeline is set up.
            let channel = context.channel
            context.eventLoop.execute { channel.close(promise: nil) }
            return
        }
        self.id = id
        armTimer(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        if let id { registry.close(id) }
        id = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadlines.headReceived(now: .now)
            if let id { registry.requestStarted(id) }
        case .body:
            break
        case .end:
            deadlines.requestEnded(now: .now)
        }
        armTimer(context)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            deadlines.answerEnded(now: .now)
            if let id { registry.answerEnded(id) }
            armTimer(context)
        }
        context.write(data, promise: promise)
    }

    /// One timer, armed for the current deadline only when none is armed for an earlier time:
    /// on a kept connection a request moves its deadline later, so the timer stays as it is
    /// (no cancelling and scheduling per request) and, when it fires early, is armed again.
    private func armTimer(_ context: ChannelHandlerContext) {
        guard let deadline = deadlines.deadline else { return }
        if timer != nil, let timerDeadline, timerDeadline <= deadline { return }
        timer?.cancel()
        timerDeadline = deadline
        let delay = ContinuousClock.now.duration(to: deadline)
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.timeAmount(delay)) { [self] in
            timer = nil
            timerDeadline = nil
            if deadlines.isOverdue(now: .now) {
                context.close(promise: nil)
            } else {
                armTimer(context)
            }
        }
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}
