import ArgumentParser
import Imaging
import Reports

/// `filterocr script "median; then rotate" …`: what each command script does to the page, as
/// JSON Lines, so that a program running filterocr asks its parser rather than reading scripts.
struct ScriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "script",
        abstract: "Check filter command scripts and say, as JSON, whether each moves or resizes the page.",
        discussion: """
            Each script is parsed as --ops parses it (commands separated by ';' or new lines, in \
            any case) and run from the original: a script filterocr refuses is refused here in one \
            line, with exit status 2, and nothing is printed. One JSON line a script, in order, \
            says whether its chain moves the page's content \
            (\(words(.moved)): the text read does not lie over the page given), whether it \
            resizes it (\(words(.resized))), and the engine settings it sets (psm, \
            thresholding). Example: filterocr script "median; then rotate"
            """
    )

    /// The filters whose placement is `placement`, from their entries.
    private static func words(_ placement: FilterKind.Placement) -> String {
        FilterKind.allCases.filter { $0.placement == placement }.map(\.rawValue).joined(separator: ", ")
    }

    @Argument(help: ArgumentHelp("Filter command scripts, e.g. \"median; then otsu\".", valueName: "script"))
    var scripts: [String] = []

    func validate() throws {
        if scripts.isEmpty { throw ValidationError("give a script, e.g. filterocr script \"median; then otsu\"") }
        _ = try effects()
    }

    func run() throws {
        Terminal.print(try effects().map { JSONLines.line(ScriptReport($0)) + "\n" }.joined(), terminator: "")
    }

    /// Each script parsed and run; the first refused is the error, naming it when there are several.
    private func effects() throws -> [ScriptEffects] {
        try scripts.enumerated().map { index, script in
            do throws(CommandScriptError) {
                return try ScriptEffects(script: script)
            } catch {
                throw ValidationError((scripts.count > 1 ? "script \(index + 1): " : "") + error.description)
            }
        }
    }
}
