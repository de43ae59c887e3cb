import Core
import CoreTestSupport
import Foundation
import Imaging
import REPL
import Reports
import Session
import TestSupport
import Testing

/// Random commands, valid and not, through the REPL driver; after every one the session's
/// invariants must hold. `make stress` runs many more (FILTEROCR_STORM_COMMANDS).
@Suite("REPL command storm")
struct ReplStormTests {
    static let commandCount = Int(ProcessInfo.processInfo.environment["FILTEROCR_STORM_COMMANDS"] ?? "") ?? 3000

    @Test("The state stays consistent whatever is typed")
    func storm() throws {
        let folder = try Paths.temporaryDirectory()
        let images = try TestImages.files(widths: [12, 16, 20], in: folder)
        let driver = ReplDriver(pipeline: Pipeline(settings: RecognitionSettings(), recognizer: FakeRecognizer(), cacheBudget: 1 << 22),
                                images: images, seed: 3, publisher: nil, home: folder)
        var random = SystemRandomNumberGenerator()
        let first = try #require(images.first), second = try #require(images.at(1))
        // Every command but quit, which would end the storm, and words that are not commands.
        let words = SessionCommand.vocabulary.filter { $0.name != "quit" }.flatMap { [$0.name] + $0.aliases }
            + ["", "#", "\"", "'", "~", "\u{1B}[2J", "slider", "%", "nan"]
        let arguments = ["", "0", "1.5", "300%", "-1", "3.01", "inf", "1e308", first, "\"\(second)\"", "~/w12.png",
                         "/dev/null", "\(folder)/x.png", "\(folder)/saved.png", "'unclosed", "a b c", "\u{0}"]
        _ = driver.start(with: first)
        var refusals = driver.refusals
        for _ in 0..<Self.commandCount {
            let line = (words.randomElement(using: &random) ?? "") + " " + (arguments.randomElement(using: &random) ?? "")
            let before = try status(driver)
            let outputs = driver.handle(line)
            let after = try status(driver)
            if outputs.contains(where: \.isRefusal) {
                #expect(after.segment == before.segment && after.operations == before.operations, "refused '\(line)' changed the state")
                #expect(after.image?.path == before.image?.path)
                refusals += 1
            }
            #expect(driver.refusals == refusals)
            // The operations always belong to the segment: none in original, all of its filter otherwise.
            if after.segment == "original" {
                #expect(after.operations.isEmpty, "after '\(line)'")
            } else {
                #expect(!after.operations.isEmpty && after.operations.allSatisfy { $0.hasPrefix(after.segment + " ") }, "after '\(line)'")
            }
            for output in outputs {
                if case .recognition(let report) = output.content {
                    #expect(report.operationNames == after.operations && report.segment.rawValue == after.segment)
                }
                #expect(!JSONLines.line(output).contains("\n"), "one JSON line per output")
            }
        }
    }

    private func status(_ driver: ReplDriver) throws -> SessionStatus {
        let output = try #require(driver.handle("status").first)
        guard case .status(let status) = output.content else {
            Issue.record("status answered \(output.kind)")
            throw CancellationError()
        }
        return status
    }
}
