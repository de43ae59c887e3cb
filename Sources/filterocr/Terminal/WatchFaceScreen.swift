import CompanionFeed
import Foundation

/// The full-screen watch face: alternate screen, no cursor, keys read one at a time; the
/// terminal is restored however the display ends.
struct WatchFaceScreen {
    var follower: FeedFollower
    /// How often the feed, the keyboard and the terminal size are checked.
    private let tick: Int32 = 100  // milliseconds

    mutating func run() {
        var saved = termios()
        let hasTerminalInput = tcgetattr(STDIN_FILENO, &saved) == 0
        if hasTerminalInput {
            var raw = saved
            // No line buffering, no echo, and Ctrl-C as a key rather than a signal, so that
            // quitting always passes through the restore below.
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        // Ended by kill or a closed terminal, the display still restores the terminal.
        Interrupt.install(signals: [SIGTERM, SIGHUP, SIGINT])
        write("\u{1B}[?1049h\u{1B}[?25l")
        defer {
            write("\u{1B}[?25h\u{1B}[?1049l")
            if hasTerminalInput { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        }

        var lastFrame: [String] = []
        while true {
            let frame = currentFrame()
            if frame != lastFrame {
                write("\u{1B}[H\u{1B}[2J" + frame.joined(separator: "\n"))
                lastFrame = frame
            }
            if quitRequested() || Interrupt.happened { return }
        }
    }

    /// The face for the feed as it is now; drawn again each tick, since it shows how long ago
    /// the update was and the terminal may have been resized.
    private mutating func currentFrame() -> [String] {
        let (width, height) = Terminal.size()
        _ = follower.poll()
        switch follower.latest {
        case .snapshot(let snapshot)?:
            return WatchFace.render(snapshot, width: width, height: height, now: Date())
        case .problem(let error)?:
            return WatchFace.render(problem: error.description, width: width, height: height)
        case nil:
            return WatchFace.render(problem: FeedError.missing(path: follower.reader.path).description, width: width, height: height)
        }
    }

    /// Waits up to one tick for a key; q, Q, Ctrl-C and Ctrl-D quit.
    private func quitRequested() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, tick) > 0 else { return false }
        var byte: UInt8 = 0
        guard read(STDIN_FILENO, &byte, 1) == 1 else { return true }
        return [UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4].contains(byte)
    }

    private func write(_ text: String) {
        Terminal.print(text, terminator: "")
    }
}
