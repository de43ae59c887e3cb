import Foundation
import Runs
import Synchronization
import TerminalText
import Threading

/// Signals caught rather than fatal: Ctrl-C abandons the line being typed in the REPL; in a
/// run, SIGINT, SIGTERM and SIGHUP stop new images from starting, the lines already started
/// are finished whole, and the exit status says which signal it was (128 + its number).
enum Interrupt {
    // The signal caught and the pipe the handler writes to are `CommandLineProcess`'s, made
    // when `install` first touches them, not inside the handler.

    /// Raised by the watcher for any signal caught, and for SIGINT alone; new ones after `reset`.
    private static var stops: Locked<(any: StopSignal, sigint: StopSignal)> { CommandLineProcess.current.stops }

    static var happened: Bool { CommandLineProcess.current.caughtSignal.load(ordering: .relaxed) != 0 }
    /// The signal caught, 0 for none.
    static var signal: Int32 { CommandLineProcess.current.caughtSignal.load(ordering: .relaxed) }

    static func reset() {
        // Under the stops' lock, so that the watcher never raises the new stops for the old signal.
        stops.withLock { stops in
            CommandLineProcess.current.caughtSignal.store(0, ordering: .relaxed)
            stops = (StopSignal(), StopSignal())
        }
    }

    /// Raised as soon as a signal is caught: whoever waits on it wakes then.
    static var stop: StopSignal { stops.withLock { $0.any } }
    /// Raised as soon as SIGINT is caught: at a terminal Ctrl-C cancels the command under way,
    /// where SIGTERM lets it finish.
    static var ctrlC: StopSignal { stops.withLock { $0.sigint } }

    /// The signals that end a run cleanly.
    static let endingSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Says on standard error that a signal stopped the run, how far it had come and what
    /// becomes of its results (`StopNotice`); nothing when no signal did.
    static func sayStopped(after done: Int, of total: Int?, _ unit: ProgressLine.Unit, outcome: String? = nil) {
        guard happened else { return }
        Terminal.printNotice(StopNotice.text(signal: signal, done: done, total: total, unit: unit, outcome: outcome))
    }

    /// - Parameters:
    ///   - resettingAfterFirst: a second signal then ends the process at once.
    ///   - signals: the signals caught; SIGINT by default.
    static func install(resettingAfterFirst: Bool = false, signals: [Int32] = [SIGINT]) {
        reset()
        startWatcher()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            CommandLineProcess.current.caughtSignal.store(signal, ordering: .relaxed)
            var byte: UInt8 = 1
            _ = write(CommandLineProcess.current.signalWakeWriter.load(ordering: .relaxed), &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: a blocking read returns, so the interrupted loop can see the flag.
        action.sa_flags = resettingAfterFirst ? Int32(bitPattern: UInt32(SA_RESETHAND)) : 0
        for signal in signals { sigaction(signal, &action, nil) }
    }

    /// Starts, once, the thread that raises the stops when the handler writes to the pipe.
    private static func startWatcher() {
        guard CommandLineProcess.current.signalWakeWriter.load(ordering: .relaxed) < 0 else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        CommandLineProcess.current.signalWakeWriter.store(ends[1], ordering: .relaxed)
        let reader = ends[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                let raised: [StopSignal] = stops.withLock { stops in
                    switch CommandLineProcess.current.caughtSignal.load(ordering: .relaxed) {
                    case 0: []  // reset since
                    case SIGINT: [stops.any, stops.sigint]
                    default: [stops.any]
                    }
                }
                for stop in raised { stop.raise() }
            }
        }
    }
}
