/// How long one connection may take over each part of a request, apart from any socket.
///
/// Pure decisions: the handler around it tells it what arrived and what was written, and
/// arms one timer for the deadline it answers; when the timer fires it asks whether the
/// connection is now overdue. While the server writes an answer there is no deadline, since
/// an event stream lasts as long as its page.
package struct ConnectionDeadlines {
    package struct Limits: Sendable, Equatable {
        /// From the connection's opening to the end of its first request's head.
        package var header: Duration
        /// From the end of a head to the end of that request's body.
        package var body: Duration
        /// From the end of an answer to the end of the next request's head, on a kept connection.
        package var idle: Duration

        package init(header: Duration, body: Duration, idle: Duration) {
            self.header = header
            self.body = body
            self.idle = idle
        }
    }

    package enum Phase: Equatable {
        case awaitingHead
        case readingBody
        case answering
    }

    package let limits: Limits
    package private(set) var phase: Phase = .awaitingHead
    /// When the current phase must end; nil while answering.
    package private(set) var deadline: ContinuousClock.Instant?
    /// Whether the request being answered has been read to its end.
    private var requestEnded = false
    /// Whether the answer was written before its request's body was read to its end.
    private var answered = false

    package init(limits: Limits, openedAt now: ContinuousClock.Instant) {
        self.limits = limits
        deadline = now + limits.header
    }

    /// A request's head arrived.
    package mutating func headReceived(now: ContinuousClock.Instant) {
        phase = .readingBody
        requestEnded = false
        answered = false
        deadline = now + limits.body
    }

    /// A request's body ended.
    package mutating func requestEnded(now: ContinuousClock.Instant) {
        requestEnded = true
        if answered {
            awaitNext(now: now)
        } else {
            phase = .answering
            deadline = nil
        }
    }

    /// The answer's last part was written.
    package mutating func answerEnded(now: ContinuousClock.Instant) {
        // An early answer (a refused upload) leaves the body's deadline running.
        if requestEnded || phase == .answering {
            awaitNext(now: now)
        } else {
            answered = true
        }
    }

    /// Whether the connection is past its deadline at `now`.
    package func isOverdue(now: ContinuousClock.Instant) -> Bool {
        deadline.map { now >= $0 } ?? false
    }

    private mutating func awaitNext(now: ContinuousClock.Instant) {
        phase = .awaitingHead
        deadline = now + limits.idle
    }
}
