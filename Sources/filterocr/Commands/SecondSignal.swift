import Foundation
import Synchronization

/// A second ending signal that stops a command at once, after a last step: the first is
/// `Interrupt`'s (the command finishes what it started), the second runs `last` (which removes
/// what must not outlive the process, such as a hot folder's temporary documents in its outbox)
/// on a thread of its own, then ends the process by that signal, so that its status says which.
///
/// Nothing but a `write` runs in the handler itself: `last` lists and removes files, which a
/// signal handler must not do.
enum SecondSignal {
    /// Ending signals caught so far.
    private static let caught = Atomic<Int32>(0)
    /// The pipe the handler writes a second signal's number to; -1 before `install`.
    private static let writer = Atomic<Int32>(-1)

    /// Catches `signals` from now on in place of `Interrupt`'s handler, which it stands in for
    /// on the first one. Call once, after `Interrupt.install`.
    static func install(signals: [Int32], last: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [0, 0]
        guard writer.load(ordering: .relaxed) < 0, pipe(&ends) == 0 else { return }
        let reader = ends[0]
        writer.store(ends[1], ordering: .relaxed)
        Thread.detachNewThread {
            var number: UInt8 = 0
            while true {
                let count = read(reader, &number, 1)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                last()
                endBy(Int32(number))
            }
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            switch SecondSignal.caught.add(1, ordering: .relaxed).newValue {
            case 1:
                // Interrupt's own handler: the signal is noted, and its watcher woken.
                CommandLineProcess.current.caughtSignal.store(number, ordering: .relaxed)
                var byte: UInt8 = 1
                _ = write(CommandLineProcess.current.signalWakeWriter.load(ordering: .relaxed), &byte, 1)
            case 2:
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SecondSignal.writer.load(ordering: .relaxed), &byte, 1)
            default:
                // A third: the last step is stuck (a folder on a share that does not answer).
                SecondSignal.endBy(number)
            }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in signals { sigaction(signal, &action, nil) }
    }

    /// Ends the process by `number`, as if it had not been caught (both calls are safe in a handler).
    private static func endBy(_ number: Int32) {
        signal(number, SIG_DFL)
        raise(number)
    }
}
