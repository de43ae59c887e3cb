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
    /// When the current phase must end; nil while answering.
    package private(set) var deadline: ContinuousClock.Instant?
    /// Requests whose head arrived and whose answer has not ended (more than one when a
    /// client sends the next request before the answer to the last: pipelining).
    private var unanswered = 0
    /// Whether a request's body is still arriving.
    private var readingBody = false

    package init(limits: Limits, openedAt now: ContinuousClock.Instant) {
        self.limits = limits
        deadline = now + limits.header
    }

    package var phase: Phase {
        readingBody ? .readingBody : unanswered > 0 ? .answering : .awaitingHead
    }

    /// A request's head arrived.
    package mutating func headReceived(now: ContinuousClock.Instant) {
        unanswered += 1
        readingBody = true
        deadline = now + limits.body
    }

    /// A request's body ended.
    package mutating func requestEnded(now: ContinuousClock.Instant) {
        readingBody = false
        deadline = unanswered > 0 ? nil : now + limits.idle
    }

    /// An answer's last part was written.
    package mutating func answerEnded(now: ContinuousClock.Instant) {
        unanswered = max(0, unanswered - 1)
        // An early answer (a refused upload) leaves the body's deadline running.
        guard !readingBody else { return }
        deadline = unanswered > 0 ? nil : now + limits.idle
    }

    /// Whether the connection is past its deadline at `now`.
    package func isOverdue(now: ContinuousClock.Instant) -> Bool {
        deadline.map { now >= $0 } ?? false
    }
}
