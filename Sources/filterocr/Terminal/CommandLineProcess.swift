import Core
import Recognition
import Synchronization
import Threading

/// What the command line keeps for the whole of its process, in one place: the runtime every
/// run of the command is handed, and the state of the process's signals and standard output,
/// which a C signal handler and every writer reach without being handed it. One command runs
/// in a process, so the runtime is this one; a test or the server makes runtimes of its own.
final class CommandLineProcess: Sendable {
    /// The process's one record, made when `main` first touches it (before any handler runs).
    static let current = CommandLineProcess()

    /// What every run of the command needs of the process: the orient filter's model
    /// (Tesseract's OSD), the libraries' silencing, the stores it opens.
    let runtime = Runtime(orientation: TesseractOrientation().detector)

    /// The signal caught, 0 for none (`Interrupt`). Set by the handler: an atomic store is safe there.
    let caughtSignal = Atomic<Int32>(0)
    /// The pipe's end the signal handler writes a byte to; -1 until `Interrupt.install`.
    let signalWakeWriter = Atomic<Int32>(-1)
    /// Raised by the signal watcher for any signal caught, and for SIGINT alone; new ones after `Interrupt.reset`.
    let stops = Locked((any: StopSignal(), sigint: StopSignal()))

    /// Set once a write finds that the reader of standard output has gone (`Terminal`).
    let outputClosed = Atomic<Bool>(false)
    /// Why standard output could not be written, once a write failed for another reason.
    let outputFailure = Locked<String?>(nil)
}
