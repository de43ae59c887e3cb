import Testing
import Workbench

@Suite("How long a connection may take, and which connections are kept")
struct ConnectionRulesTests {
    let start = ContinuousClock.now
    let limits = ConnectionDeadlines.Limits(header: .seconds(10), body: .seconds(60), idle: .seconds(30))

    @Test("A new connection must finish its head within the header timeout, however it dribbles")
    func headerDeadline() {
        let deadlines = ConnectionDeadlines(limits: limits, openedAt: start)
        #expect(!deadlines.isOverdue(now: start + .seconds(9)))
        #expect(deadlines.isOverdue(now: start + .seconds(10)))
    }

    @Test("The body has its own deadline from the head; none while the server answers")
    func bodyThenAnswer() {
        var deadlines = ConnectionDeadlines(limits: limits, openedAt: start)
        deadlines.headReceived(now: start + .seconds(5))
        #expect(deadlines.phase == .readingBody)
        #expect(!deadlines.isOverdue(now: start + .seconds(64)))
        #expect(deadlines.isOverdue(now: start + .seconds(65)))
        deadlines.requestEnded(now: start + .seconds(6))
        #expect(deadlines.phase == .answering)
        #expect(!deadlines.isOverdue(now: start + .seconds(100_000)))
    }

    @Test("After an answer, a kept connection has the idle timeout for its next head")
    func idleAfterAnswer() {
        var deadlines = ConnectionDeadlines(limits: limits, openedAt: start)
        deadlines.headReceived(now: start)
        deadlines.requestEnded(now: start)
        deadlines.answerEnded(now: start + .seconds(100))
        #expect(deadlines.phase == .awaitingHead)
        #expect(!deadlines.isOverdue(now: start + .seconds(129)))
        #expect(deadlines.isOverdue(now: start + .seconds(130)))
    }

    @Test("An answer written before the body ended leaves the body's deadline running")
    func earlyAnswer() {
        var deadlines = ConnectionDeadlines(limits: limits, openedAt: start)
        deadlines.headReceived(now: start)
        deadlines.answerEnded(now: start + .seconds(1))
        #expect(deadlines.phase == .readingBody)
        #expect(deadlines.isOverdue(now: start + .seconds(60)))
        deadlines.requestEnded(now: start + .seconds(2))
        #expect(deadlines.phase == .awaitingHead)
        #expect(!deadlines.isOverdue(now: start + .seconds(31)))
    }

    @Test("A pipelined request keeps the connection answering until every answer has ended")
    func pipelined() {
        var deadlines = ConnectionDeadlines(limits: limits, openedAt: start)
        deadlines.headReceived(now: start)
        deadlines.requestEnded(now: start)
        deadlines.headReceived(now: start + .seconds(1))
        deadlines.requestEnded(now: start + .seconds(1))
        deadlines.answerEnded(now: start + .seconds(2))
        #expect(deadlines.phase == .answering)
        #expect(!deadlines.isOverdue(now: start + .seconds(100_000)))
        deadlines.answerEnded(now: start + .seconds(3))
        #expect(deadlines.phase == .awaitingHead)
        #expect(deadlines.isOverdue(now: start + .seconds(33)))
    }

    @Test("At the limit a new connection replaces the one waiting longest for a request")
    func replacesLongestWaiting() {
        var table = ConnectionTable<String>(capacity: 2)
        guard case .admit = table.open(1, "slow", now: start) else { Issue.record("first refused"); return }
        guard case .admit = table.open(2, "busy", now: start + .seconds(1)) else { Issue.record("second refused"); return }
        table.requestStarted(2)
        guard case .admitClosing(let closed) = table.open(3, "new", now: start + .seconds(2)) else {
            Issue.record("the third was not admitted in the place of a waiting one"); return
        }
        #expect(closed == "slow")
        #expect(table.count == 2)
    }

    @Test("When every connection is answering, a new one is refused")
    func refusesWhenAllBusy() {
        var table = ConnectionTable<String>(capacity: 1)
        _ = table.open(1, "stream", now: start)
        table.requestStarted(1)
        guard case .refuse = table.open(2, "new", now: start) else { Issue.record("admitted over the limit"); return }
        table.answerEnded(1, now: start + .seconds(1))
        guard case .admitClosing("stream") = table.open(3, "new", now: start + .seconds(2)) else {
            Issue.record("an idle kept connection did not make room"); return
        }
        table.close(3)
        #expect(table.count == 0)
    }
}
