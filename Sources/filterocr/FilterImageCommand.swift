import ArgumentParser
import Foundation
import ImageCodec
import Imaging

/// `filterocr filter IMAGE --ops "blur; 25%" -o OUT.png`: apply a command script, no OCR.
struct FilterImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter",
        abstract: "Apply filter commands to an image and write the result as PNG, without OCR.",
        discussion: """
            The commands are the session's: original, blur, binarize, 25%, 75% and \
            slider V (0-3, or 0%-300%), separated by ';'. Example: --ops "blur; 25%; 75%".
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: "The image to filter.")
    var image: String

    @Option(name: .long, help: "Filter commands, e.g. \"binarize; slider 1.5\".")
    var ops: String

    @Option(name: [.customShort("o"), .long], help: "Where to write the PNG.")
    var output: String

    func validate() throws {
        _ = try OperationsOption.state(from: ops)
        guard output.lowercased().hasSuffix(".png") else {
            throw ValidationError("--output must name a .png file, e.g. -o filtered.png")
        }
    }

    func run() throws {
        let state = try OperationsOption.state(from: ops)
        try Terminal.orExit {
            let decoded = try LibraryDiagnostics.silenced { try ImageFile.load(image, decoder: common.decoder) }
            let filtered = state.operations.apply(to: decoded.image, in: common.colorSpace)
            try PNGOutput.write(filtered, resolution: decoded.resolution, to: output)
        }
    }
}

/// The `--ops` command script shared by `filter` and `batch`.
enum OperationsOption {
    static func state(from script: String) throws -> FilterState {
        do {
            return try CommandScript(script).finalState()
        } catch {
            throw ValidationError("--ops \"\(script)\": \(error)")
        }
    }
}
