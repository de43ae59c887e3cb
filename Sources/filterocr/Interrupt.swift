import Foundation
import Synchronization

/// Ctrl-C, caught rather than fatal: the REPL abandons the line being typed, a run stops
/// taking new images and finishes the lines it has started.
enum Interrupt {
    /// Set by the signal handler. An atomic store is safe there, and the value is made when
    /// `install` first touches it, not inside the handler.
    private static let flag = Atomic<Bool>(false)

    static var happened: Bool { flag.load(ordering: .relaxed) }
    static func reset() { flag.store(false, ordering: .relaxed) }

    /// - Parameters:
    ///   - resettingAfterFirst: a second signal then ends the process at once.
    ///   - signals: the signals caught; SIGINT by default.
    static func install(resettingAfterFirst: Bool = false, signals: [Int32] = [SIGINT]) {
        reset()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interrupt.flag.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: a blocking read returns, so the interrupted loop can see the flag.
        action.sa_flags = resettingAfterFirst ? Int32(bitPattern: UInt32(SA_RESETHAND)) : 0
        for signal in signals { sigaction(signal, &action, nil) }
    }
}
