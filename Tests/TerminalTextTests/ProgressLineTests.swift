import Runs
import TerminalText
import Testing

/// The progress line's rules: what it draws, given what happened and when.
@Suite("Progress line")
struct ProgressLineTests {
    private let start = ContinuousClock.now

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    private func line() -> ProgressLine { ProgressLine(unit: .pages, startingAt: start) }

    private func drawn(_ action: ProgressLine.Action?) -> String? {
        if case .draw(let text)? = action { return text }
        return nil
    }

    @Test("Nothing is drawn before the appear delay: a quick command shows no flash")
    func quietAtFirst() {
        var progress = line()
        #expect(progress.progressed(ImageRunner.Progress(total: 35), at: at(0)) == nil)
        #expect(progress.tick(at: at(250)) == nil)
        #expect(progress.progressed(ImageRunner.Progress(done: 1, total: 35), at: at(400)) == nil)
    }

    @Test("Before the first result a tick shows the total and the time so far, and keeps it moving")
    func showsBeforeFirstResult() throws {
        var progress = line()
        _ = progress.progressed(ImageRunner.Progress(total: 35), at: at(0))
        let first = try #require(drawn(progress.tick(at: at(500))))
        #expect(first.hasPrefix("[........................] 0/35"), "\(first)")
        #expect(first.hasSuffix("0 s elapsed"), "\(first)")
        #expect(progress.tick(at: at(750)) == nil, "the same text is not drawn again")
        let later = try #require(drawn(progress.tick(at: at(2_000))))
        #expect(later.hasSuffix("2 s elapsed"), "\(later)")
    }

    @Test("After the line is erased to print a result, the next figures draw it at once, however soon")
    func redrawnAfterClear() throws {
        var progress = line()
        _ = progress.progressed(ImageRunner.Progress(done: 1, total: 4), at: at(600))
        #expect(progress.clear() == .erase)
        let again = try #require(drawn(progress.progressed(ImageRunner.Progress(done: 2, total: 4), at: at(610))))
        #expect(again.hasPrefix("[############............] 2/4"), "\(again)")
    }

    @Test("While the line is erased for printing, ticks draw nothing: no line being printed is cut")
    func heldWhilePrinting() {
        var progress = line()
        _ = progress.progressed(ImageRunner.Progress(done: 1, total: 4), at: at(600))
        _ = progress.clear()
        #expect(progress.tick(at: at(900)) == nil)
        #expect(progress.tick(at: at(5_000)) == nil)
        #expect(progress.clear() == nil, "nothing shown, nothing to erase")
    }

    @Test("A line shown is redrawn at most every 100 ms; the next tick draws the figures held back")
    func throttled() throws {
        var progress = line()
        _ = progress.progressed(ImageRunner.Progress(done: 1, total: 10), at: at(600))
        #expect(progress.progressed(ImageRunner.Progress(done: 2, total: 10), at: at(650)) == nil)
        let caughtUp = try #require(drawn(progress.tick(at: at(750))))
        #expect(caughtUp.contains("2/10"), "\(caughtUp)")
    }

    @Test("A search's text replacing the figures is drawn at once, even just after a draw; text after text waits")
    func textReplacingFiguresAtOnce() throws {
        var progress = line()
        _ = progress.progressed(ImageRunner.Progress(done: 0, total: 1), at: at(600))
        let said = try #require(drawn(progress.said("auto: a.png · 6 tried", at: at(620))))
        #expect(said.hasPrefix("auto: a.png"), "\(said)")
        #expect(progress.said("auto: a.png · 7 tried", at: at(640)) == nil)
        let caughtUp = try #require(drawn(progress.tick(at: at(750))))
        #expect(caughtUp.hasSuffix("7 tried"), "\(caughtUp)")
    }

    @Test("Finished, the line is erased and never comes back")
    func finished() {
        var progress = line()
        _ = progress.progressed(ImageRunner.Progress(done: 1, total: 2), at: at(600))
        #expect(progress.finish() == .erase)
        #expect(progress.tick(at: at(2_000)) == nil)
        #expect(progress.progressed(ImageRunner.Progress(done: 2, total: 2), at: at(2_100)) == nil)
        #expect(progress.said("best: 3 tried", at: at(2_200)) == nil)
    }

    @Test("Figures: the bar, the rate and the time left; without a total, the count and the rate")
    func figures() throws {
        var known = line()
        let bar = try #require(drawn(known.progressed(ImageRunner.Progress(done: 2, failed: 1, stored: 1, total: 8), at: at(2_000))))
        #expect(bar == "[######..................] 2/8 · 1.0 pages/s · 6 s left · 1 from store · 1 failed")
        var unknown = line()
        let count = try #require(drawn(unknown.progressed(ImageRunner.Progress(done: 1), at: at(2_000))))
        #expect(count == "1 page · 0.5 pages/s")
    }

    @Test("Text in place of the figures is drawn as it is, its control characters made visible")
    func text() throws {
        var progress = line()
        let said = try #require(drawn(progress.said("auto: a\u{1B}[31m.png · 4 tried", at: at(600))))
        #expect(!said.contains("\u{1B}"), "\(said)")
        #expect(said.hasPrefix("auto: a") && said.hasSuffix(".png · 4 tried"), "\(said)")
    }
}
