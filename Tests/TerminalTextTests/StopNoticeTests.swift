import Foundation
import TerminalText
import Testing

@Suite("What a run says when a signal stops it")
struct StopNoticeTests {
    @Test("Ctrl-C, how far the run came of its total, and what becomes of the results")
    func ctrlC() {
        #expect(StopNotice.text(signal: SIGINT, done: 12, total: 40, unit: .pages, outcome: "no report")
                == "stopped by Ctrl-C after 12 of 40 pages; no report")
    }

    @Test("Without a total, the count alone, in the singular for one")
    func noTotal() {
        #expect(StopNotice.text(signal: SIGTERM, done: 1, total: nil, unit: .points) == "stopped by SIGTERM after 1 point")
        #expect(StopNotice.text(signal: SIGHUP, done: 0, total: nil, unit: .recognitions)
                == "stopped by SIGHUP (the terminal closed) after 0 recognitions")
    }
}
