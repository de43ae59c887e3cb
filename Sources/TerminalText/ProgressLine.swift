import FileSystem
import Foundation
import Runs

/// What the one-line progress display on a terminal shows, decided from what happened and when:
/// events in, a line to draw (or to erase) out, no terminal here.
///
/// The line must never go blank while work runs: a user who sees nothing for seconds takes
/// the command for hung. So a line erased to print a finished result is drawn again by the
/// next event at once, whatever the time since the last draw, and the owner ticks on a timer,
/// which shows the line before the first result and catches up on figures held back.
public struct ProgressLine: Sendable {
    /// What the owner does to the terminal.
    public enum Action: Sendable, Equatable {
        /// Replace the line with this text.
        case draw(String)
        /// Remove the line: the cursor is left at the start of an empty line.
        case erase
    }

    /// What is counted, in words.
    public struct Unit: Sendable, Equatable {
        public var singular: String
        public var plural: String
        /// For the rate: `img/s`.
        public var short: String

        public init(singular: String, plural: String, short: String) {
            (self.singular, self.plural, self.short) = (singular, plural, short)
        }

        public func counted(_ count: Int) -> String { "\(count) \(count == 1 ? singular : plural)" }

        public static let images = Unit(singular: "image", plural: "images", short: "img")
        /// Images and documents' pages alike: what a run reads one at a time.
        public static let pages = Unit(singular: "page", plural: "pages", short: "pages")
        public static let points = Unit(singular: "point", plural: "points", short: "points")
        public static let recognitions = Unit(singular: "recognition", plural: "recognitions", short: "rec")
    }

    /// How long a command runs before the line appears: one that ends sooner shows none rather
    /// than a flash.
    public static let appearDelay = Duration.milliseconds(500)
    /// The shortest time between two draws of new figures, so that a fast run does not spend
    /// its time redrawing; the next tick draws what was held back.
    public static let redrawInterval = Duration.milliseconds(100)
    /// How often the owner should call `tick`: the line appears within this of `appearDelay`.
    public static let tickInterval = Duration.milliseconds(250)

    private enum Content: Sendable, Equatable {
        case counts(ImageRunner.Progress)
        case text(String)
    }

    private let unit: Unit
    private let started: ContinuousClock.Instant
    private var content: Content = .counts(ImageRunner.Progress())
    /// The text on the terminal now; nil when the line is not shown.
    private var shown: String?
    private var lastDraw: ContinuousClock.Instant?
    /// Erased for output to be printed: nothing is drawn until the next event says it is done.
    private var held = false
    private var finished = false

    /// A line for work that starts at `start`.
    public init(unit: Unit, startingAt start: ContinuousClock.Instant) {
        self.unit = unit
        self.started = start
    }

    /// New figures: done, failed, from the store, of the total when known.
    public mutating func progressed(_ progress: ImageRunner.Progress, at now: ContinuousClock.Instant) -> Action? {
        content = .counts(progress)
        held = false
        return drawIfDue(at: now)
    }

    /// A line of text in place of the figures (what a search has found so far). Text that
    /// replaces the figures is drawn at once: a search says what it found once a round, often
    /// just before its result is printed, and held back it would never be seen.
    public mutating func said(_ text: String, at now: ContinuousClock.Instant) -> Action? {
        let replacesFigures = if case .counts = content { true } else { false }
        content = .text(PathEncoding.displayed(text))
        held = false
        return drawIfDue(at: now, atOnce: replacesFigures)
    }

    /// Time has passed: the elapsed time and the rate change, and figures held back are due.
    public mutating func tick(at now: ContinuousClock.Instant) -> Action? {
        drawIfDue(at: now)
    }

    /// Erases the line so that a result or an error can be printed; the next event draws it
    /// again. Until then ticks draw nothing, so that no line being printed is cut by a redraw.
    public mutating func clear() -> Action? {
        held = true
        return erase()
    }

    /// The work is over: the line goes and does not come back.
    public mutating func finish() -> Action? {
        finished = true
        return erase()
    }

    private mutating func erase() -> Action? {
        guard shown != nil else { return nil }
        shown = nil
        return .erase
    }

    private mutating func drawIfDue(at now: ContinuousClock.Instant, atOnce: Bool = false) -> Action? {
        guard !finished, !held, now - started >= Self.appearDelay else { return nil }
        let line = text(at: now)
        guard line != shown else { return nil }
        // Only a line already shown waits: one that is blank is drawn at once.
        if !atOnce, shown != nil, let lastDraw, now - lastDraw < Self.redrawInterval { return nil }
        shown = line
        lastDraw = now
        return .draw(line)
    }

    /// The line for the content at `now`: a bar with the count and the time left when the total
    /// is known, the count and rate otherwise; before the first result, the time so far.
    private func text(at now: ContinuousClock.Instant) -> String {
        switch content {
        case .text(let text): text
        case .counts(let progress): countsLine(progress, at: now)
        }
    }

    private func countsLine(_ progress: ImageRunner.Progress, at now: ContinuousClock.Instant) -> String {
        let elapsed = now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(progress.done) / seconds : 0
        let perSecond = " · " + String(format: "%.1f", rate) + " \(unit.short)/s"
        var line: String
        if let total = progress.total, total > 0 {
            let width = 24
            let filled = min(width, progress.done * width / total)
            line = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            line += "\(progress.done)/\(total)"
            if rate > 0 && progress.done < total {
                line += perSecond + " · " + String(format: "%.0f", Double(total - progress.done) / rate) + " s left"
            }
        } else {
            line = unit.counted(progress.done) + (rate > 0 ? perSecond : "")
        }
        if progress.done == 0 { line += " · \(elapsed.components.seconds) s elapsed" }
        if progress.stored > 0 { line += " · \(progress.stored) from store" }
        if progress.failed > 0 { line += " · \(progress.failed) failed" }
        return line
    }
}
