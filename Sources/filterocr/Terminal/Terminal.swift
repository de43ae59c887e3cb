import ArgumentParser
import Core
import FileSystem
import Foundation
import ImageCodec
import Reports
import Runs
import Synchronization
import TerminalText
import Threading

/// Writing to standard output and standard error.
enum Terminal {
    static func print(_ text: String, terminator: String = "\n") {
        write(text + terminator, to: STDOUT_FILENO)
    }

    /// Set once a write finds that the reader of standard output has gone. Further output
    /// is dropped; runs stop as they do for Ctrl-C and end with `ExitStatus.outputClosed`.
    static var outputClosed: Bool { CommandLineProcess.current.outputClosed.load(ordering: .relaxed) }


    /// Why standard output could not be written (a full disk), once a write failed for a
    /// reason other than a closed pipe. Output stops then too, and the command ends with
    /// this error and status 1: results that never arrived must not look like a success.
    static var outputFailure: String? { failure.withLock { $0 } }
    private static var failure: Locked<String?> { CommandLineProcess.current.outputFailure }

    /// Records that standard output failed, and why; the first reason is the one reported.
    static func recordOutputFailure(_ reason: String) {
        failure.withLock { $0 = $0 ?? reason }
        CommandLineProcess.current.outputClosed.store(true, ordering: .relaxed)
    }

    /// Whether the reader of standard output has gone, asked of the output itself: for output
    /// that a library writes (Tesseract's documents), whose failed writes are not seen here,
    /// and for a follower that may not write for a long time (`filterocr companion | head -1`).
    static func checkOutputClosed() -> Bool {
        var output = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
        // A pipe whose reader has gone polls as an error at the writer's end; a terminal
        // that has gone, as a hang-up.
        if poll(&output, 1, 0) == 1 && output.revents & Int16(POLLERR | POLLHUP) != 0 {
            CommandLineProcess.current.outputClosed.store(true, ordering: .relaxed)
        }
        return outputClosed
    }

    /// One line on standard error, prefixed so it stands out among output; on a terminal,
    /// wrapped between words to its width.
    static func printError(_ message: String) {
        printDiagnostic("filterocr: error: " + message)
    }

    /// Lines for the user that are not results, such as how `--auto` chose.
    static func printNote(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { printDiagnostic(String(line)) }
    }

    /// A problem that does not stop the command, said once.
    static func printWarning(_ message: String) {
        printDiagnostic("filterocr: warning: " + message)
    }

    /// A state the user may want to know about, such as waiting for a file.
    static func printNotice(_ message: String) {
        printDiagnostic("filterocr: " + message)
    }

    private static func printDiagnostic(_ text: String) {
        // Names and commands come from files and users: never send their control
        // characters (an escape sequence) to the terminal raw.
        let line = PathEncoding.displayed(text)
        let width = isatty(STDERR_FILENO) != 0 ? size(of: STDERR_FILENO)?.width : nil
        let text = width.map { TextWrap.lines(line, width: $0, indent: "  ").joined(separator: "\n") } ?? line
        write(text + "\n", to: STDERR_FILENO)
    }

    /// The one-line message for `error`.
    static func message(for error: any Error) -> String { oneLineMessage(for: error) }

    /// `line` cut to the width of the terminal on standard error (one column spare, so that
    /// the cursor never waits at the margin to wrap), for a line that is redrawn in place.
    static func fittedToStandardError(_ line: String) -> String {
        guard let width = size(of: STDERR_FILENO)?.width else { return line }
        return TextWrap.fitted(line, width: width - 1)
    }

    /// Columns and rows of the terminal on standard output (80x24 when it is not one).
    static func size() -> (width: Int, height: Int) { size(of: STDOUT_FILENO) ?? (80, 24) }

    private static func size(of descriptor: Int32) -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Runs `body`; on failure prints its message and exits with status 1.
    static func orExit<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            printError(message(for: error))
            throw ExitCode.failure
        }
    }

    /// Writes `text` as it is to standard error (a progress line's redraw): never a
    /// crash when the terminal has gone.
    static func writeToStandardError(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Writes all of `bytes` to standard output, or records why it could not (see
    /// `outputClosed` and `outputFailure`).
    static func writeOutput(_ bytes: [UInt8]) {
        write(bytes[...], to: STDOUT_FILENO)
    }

    /// Writes all of `text` (names that are not UTF-8 as their own bytes). A signal never
    /// cuts a line: an interrupted write goes on where it stopped.
    private static func write(_ text: String, to descriptor: Int32) {
        write(PathEncoding.bytes(of: text)[...], to: descriptor)
    }

    private static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) {
        if descriptor == STDOUT_FILENO && outputClosed { return }
        guard let code = bytes.withUnsafeBytes({ DescriptorWrite.all($0, to: descriptor) }),
              descriptor == STDOUT_FILENO else { return }
        if code == EPIPE {
            CommandLineProcess.current.outputClosed.store(true, ordering: .relaxed)
        } else {
            recordOutputFailure(DescriptorWrite.reason(code))
        }
    }
}
