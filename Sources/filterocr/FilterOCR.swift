import ArgumentParser
import Foundation
import Recognition

/// The `filterocr` command: shows how image filters change what OCR can read.
@main
struct FilterOCR: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "filterocr",
        abstract: "See how image filters change what Tesseract OCR can read.",
        version: "filterocr \(version) (Tesseract \(TesseractEngine.version))",
        subcommands: [OCRCommand.self, FilterImageCommand.self]
    )

    /// Exit status for a command line that could not be parsed, as most Unix tools use.
    static let usageErrorStatus: Int32 = 2

    static func main() {
        OpenMPThreadLimit.applyByRestarting()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            // One line, like every other error; --help has the usage.
            Terminal.printError(message(for: error) + " (see --help)")
            Foundation.exit(usageErrorStatus)
        }
    }
}
