import Foundation
import Synchronization

/// Signals caught rather than fatal: Ctrl-C abandons the line being typed in the REPL; in a
/// run, SIGINT, SIGTERM and SIGHUP stop new images from starting, the lines already started
/// are finished whole, and the exit status says which signal it was (128 + its number).
enum Interrupt {
    /// The signal caught, 0 for none. Set by the handler: an atomic store is safe there, and
    /// the value is made when `install` first touches it, not inside the handler.
    private static let caught = Atomic<Int32>(0)

    static var happened: Bool { caught.load(ordering: .relaxed) != 0 }
    /// The signal caught, 0 for none.
    static var signal: Int32 { caught.load(ordering: .relaxed) }
    static func reset() { caught.store(0, ordering: .relaxed) }

    /// The exit status for the signal caught, as a shell reports a process ended by it.
    static var exitStatus: Int32 { 128 + caught.load(ordering: .relaxed) }

    /// The signals that end a run cleanly.
    static let endingSignals = [SIGINT, SIGTERM, SIGHUP]

    /// - Parameters:
    ///   - resettingAfterFirst: a second signal then ends the process at once.
    ///   - signals: the signals caught; SIGINT by default.
    static func install(resettingAfterFirst: Bool = false, signals: [Int32] = [SIGINT]) {
        reset()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in Interrupt.caught.store(signal, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: a blocking read returns, so the interrupted loop can see the flag.
        action.sa_flags = resettingAfterFirst ? Int32(bitPattern: UInt32(SA_RESETHAND)) : 0
        for signal in signals { sigaction(signal, &action, nil) }
    }
}
