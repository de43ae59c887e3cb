import Foundation
import Runs
import Testing

/// How a run ends: its document finished or abandoned, and the exit status; one test per rule.
@Suite("Run ending: the document and the exit status")
struct RunEndingTests {
    @Test("Every input read: the document is finished and the status is 0")
    func complete() {
        var ending = RunEnding(cancelled: false, failed: 0)
        let document = ending.document(readerGone: { false })
        #expect(document == .finish)
        #expect(ending.exitStatus == 0)
    }

    @Test("Some inputs failed: the pages read still make the document, and the status is 1")
    func someFailed() {
        var ending = RunEnding(cancelled: false, failed: 2)
        let document = ending.document(readerGone: { false })
        #expect(document == .finish)
        #expect(ending.exitStatus == 1)
    }

    @Test("Stopped by a signal: the document is abandoned and the status is 128 + the signal", arguments: [
        (SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129),
    ] as [(Int32, Int32)])
    func stoppedBySignal(signal: Int32, status: Int32) {
        var ending = RunEnding(cancelled: true, failed: 1, signal: signal)
        let document = ending.document(readerGone: { false })
        #expect(document == .abandon)
        #expect(ending.exitStatus == status)
    }

    @Test("Stopped before its end for another reason than a signal (a sweep cut short): the status is 1")
    func stoppedWithoutSignal() {
        #expect(RunEnding(cancelled: true, failed: 0).exitStatus == 1)
    }

    @Test("A run stopped by a signal does not ask whether the document's reader has gone, and keeps the signal's status")
    func signalDoesNotAskReader() {
        var asked = false
        var ending = RunEnding(cancelled: true, failed: 0, signal: SIGINT)
        let document = ending.document(readerGone: { asked = true; return true })
        #expect(document == .abandon)
        #expect(!asked)
        #expect(ending.exitStatus == 130)
    }

    @Test("Standard output's reader gone: the document is abandoned and the status is 141, before a signal's")
    func outputClosed() {
        var ending = RunEnding(cancelled: true, failed: 1, signal: SIGTERM, outputClosed: true)
        let document = ending.document(readerGone: { false })
        #expect(document == .abandon)
        #expect(ending.exitStatus == 141)
    }

    @Test("The document's reader gone by the end of a full run: abandoned, status 141")
    func documentReaderGone() {
        var ending = RunEnding(cancelled: false, failed: 0)
        let document = ending.document(readerGone: { true })
        #expect(document == .abandon)
        #expect(ending.exitStatus == 141)
    }

    @Test("A document that cannot be finished because its reader went is no error; the status is 141")
    func finishFailedReaderGone() {
        var ending = RunEnding(cancelled: false, failed: 1)
        let document = ending.document(readerGone: { false })
        #expect(document == .finish)
        let reported = ending.reportsFinishFailure(readerGone: true)
        #expect(!reported)
        #expect(ending.exitStatus == 141)
    }

    @Test("A document that cannot be finished for another reason is reported, and the status is the run's")
    func finishFailedOtherwise() {
        var ending = RunEnding(cancelled: false, failed: 0)
        let document = ending.document(readerGone: { false })
        #expect(document == .finish)
        let reported = ending.reportsFinishFailure(readerGone: false)
        #expect(reported)
        #expect(ending.exitStatus == 0)
    }
}
