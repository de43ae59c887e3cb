import ArgumentParser
import Foundation

/// Writing to standard output and standard error.
enum Terminal {
    static func print(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    /// One line on standard error, prefixed so it stands out among output.
    static func printError(_ message: String) {
        LibraryDiagnostics.standardError.write(Data("filterocr: error: \(message)\n".utf8))
    }

    /// A problem that does not stop the command, said once.
    static func printWarning(_ message: String) {
        LibraryDiagnostics.standardError.write(Data("filterocr: warning: \(message)\n".utf8))
    }

    /// A state the user may want to know about, such as waiting for a file.
    static func printNotice(_ message: String) {
        LibraryDiagnostics.standardError.write(Data("filterocr: \(message)\n".utf8))
    }

    /// The one-line message for `error`.
    static func message(for error: any Error) -> String {
        let described = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
        return described.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Columns and rows of the terminal on standard output (80x24 when it is not one).
    static func size() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return (80, 24) }
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
}
