import Core
import CoreTestSupport
import Foundation
import Imaging
import REPL
import Recognition
import Reports
import Session
import TerminalText
import TestSupport
import Testing
import Threading

/// The REPL driver with a fake recognizer: a scripted session's outputs, fast.
@Suite("REPL driver")
struct ReplDriverTests {
    private struct Session {
        let driver: ReplDriver
        let recognizer: FakeRecognizer
        let images: [String]
        let folder: String
    }

    private func session(widths: [Int] = [20, 24], home: String? = nil) throws -> Session {
        let folder = try Paths.temporaryDirectory()
        let images = try TestImages.files(widths: widths, in: folder)
        let recognizer = FakeRecognizer()
        let pipeline = Pipeline(settings: RecognitionSettings(), recognizer: recognizer, cacheBudget: 1 << 26)
        let driver = ReplDriver(pipeline: pipeline, images: images, seed: 7, publisher: nil, home: home)
        return Session(driver: driver, recognizer: recognizer, images: images, folder: folder)
    }

    private func report(_ outputs: [ReplOutput]) throws -> RecognitionReport { try firstReport(outputs) }

    private func json(_ output: ReplOutput) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(JSONLines.line(output).utf8)) as? [String: Any])
    }

    @Test("A scripted session: one output per command, each named after its command")
    func scriptedSession() throws {
        let run = try session()
        let image = try #require(run.images.first)
        let script = ["help", "show", "status", "save \(run.folder)/x.png", "blur", "bogus", "25%", "text", "words", "top"]
        var outputs = run.driver.start(with: image)
        for line in script { outputs += run.driver.handle(line) }
        #expect(outputs.map(\.command) == ["open", "help", "show", "status", "save", "blur", "bogus", "25%", "text", "words", "top"])
        #expect(outputs.map(\.kind) == ["recognition", "help", "preview", "status", "saved", "recognition", "error",
                                        "recognition", "text", "words", "top"])
        #expect(run.driver.refusals == 1)
        #expect(FileManager.default.fileExists(atPath: run.folder + "/x.png"))
        for output in outputs {
            let object = try json(output)
            #expect(object["command"] as? String == output.command)
            #expect(object["kind"] as? String == output.kind)
        }
    }

    @Test("status and help answer before any image is loaded")
    func answersWithoutImage() throws {
        let run = try session()
        let status = try #require(run.driver.handle("status").first)
        guard case .status(let value) = status.content else { Issue.record("got \(status.kind)"); return }
        #expect(value.image == nil)
        #expect(value.imageSetCount == 2)
        let help = try #require(run.driver.handle("help").first)
        guard case .help(let commands) = help.content else { Issue.record("got \(help.kind)"); return }
        #expect(commands.map(\.name) == SessionCommand.vocabulary.map(\.name))
        #expect(run.driver.refusals == 0)
        let text = try #require(run.driver.handle("text").first)
        #expect(text.isRefusal, "text has nothing to show yet")
    }

    @Test("show in JSON gives the size and a name to save as, not a picture")
    func showAsJSON() throws {
        let run = try session()
        _ = run.driver.start(with: try #require(run.images.first))
        _ = run.driver.handle("binarize")
        let object = try json(try #require(run.driver.handle("show").first))
        #expect(object["width"] as? Int == 20 && object["height"] as? Int == 16)
        #expect(object["suggestedPath"] as? String == "w20-binarize25.png")
        #expect(Set(object.keys) == ["command", "kind", "width", "height", "suggestedPath"])
    }

    @Test("The slider's report says its value back as a percentage; a bare 150 is refused with what to type")
    func sliderSaidBack() throws {
        let run = try session()
        let image = try #require(run.images.first)
        _ = run.driver.start(with: image)
        func heading(_ line: String) throws -> String {
            let output = try #require(run.driver.handle(line).first)
            return try #require(HumanText.report(try report([output]), width: 80, command: output.command)
                .split(separator: "\n").first.map(String.init))
        }
        #expect(try heading("blur") == "\(image) · blur σ25")
        #expect(try heading("slider 1.5") == "\(image) · blur σ150 (slider 150%)")
        #expect(try heading("slider 1.5%") == "\(image) · blur σ1.5 (slider 1.5%)")
        #expect(try heading("slider 150%") == "\(image) · blur σ150 (slider 150%)")
        let refused = try #require(run.driver.handle("slider 150").first)
        guard case .refusal(let message) = refused.content else { Issue.record("got \(refused.kind)"); return }
        #expect(message.hasSuffix("for 150% type slider 150% or slider 1.5"), "\(message)")
    }

    @Test("Session words are counted once per distinct rendering, with no feed")
    func sessionWordsOncePerRendering() throws {
        let run = try session()
        _ = run.driver.start(with: try #require(run.images.first))
        var counts: [Int] = []
        for line in ["top", "original", "original", "top", "blur", "original", "blur", "top"] {
            for output in run.driver.handle(line) {
                if case .top(_, let session) = output.content {
                    counts.append(try #require(session.first { $0.word == "common" }).count)
                }
            }
        }
        #expect(counts == [1, 1, 2], "revisits of original and blur do not count again")
        #expect(run.recognizer.calls.load(ordering: .relaxed) == 2, "revisits come from the cache")
    }

    @Test("A refused command changes nothing; a failed load keeps the image")
    func refusalsChangeNothing() throws {
        let run = try session()
        let image = try #require(run.images.first)
        _ = run.driver.start(with: image)
        _ = run.driver.handle("blur")
        let prompt = run.driver.prompt
        for line in ["slider 9", "open /no/such/file.png", "save /no/such/folder/x.png", "25% 3", "open \"unclosed"] {
            let output = try #require(run.driver.handle(line).first)
            #expect(output.isRefusal, "\(line)")
            #expect(run.driver.prompt == prompt, "\(line)")
        }
        #expect(run.driver.refusals == 5)
        let saved = try #require(run.driver.handle("save /no/such/folder/x.png").first)
        guard case .refusal(let message) = saved.content else { Issue.record("saved"); return }
        #expect(message.contains("the folder /no/such/folder does not exist"))
    }

    @Test("Blank lines and comments are not commands; quit ends the session")
    func commentsAndQuit() throws {
        let run = try session()
        #expect(run.driver.handle("").isEmpty)
        #expect(run.driver.handle("   # a comment").isEmpty)
        #expect(run.driver.refusals == 0)
        #expect(!run.driver.hasQuit)
        #expect(run.driver.handle("quit").isEmpty)
        #expect(run.driver.hasQuit)
    }

    @Test("open takes quoted names with spaces and ~ for the home folder")
    func quotedAndHomePaths() throws {
        let home = try Paths.temporaryDirectory()
        let run = try session(home: home)
        let spaced = home + "/my scan.png"
        try FileManager.default.copyItem(atPath: try #require(run.images.first), toPath: spaced)
        for line in ["open \"\(spaced)\"", "open '\(spaced)'", "open ~/my\\ scan.png", "open \"~/my scan.png\""] {
            let outputs = run.driver.handle(line)
            if line.contains("\"~/") {
                #expect(try #require(outputs.first).isRefusal, "a quoted ~ is a literal ~, as in a shell")
            } else {
                #expect(try report(outputs).image == spaced, "\(line)")
            }
        }
    }

    @Test("Each transition says what changed against the original; diff shows it word by word")
    func changesAndDiff() throws {
        let run = try session()
        let original = try report(run.driver.start(with: try #require(run.images.first)))
        #expect(original.changes?.isEmpty == true, "the original changed nothing")
        let blurred = try report(run.driver.handle("blur"))
        // The fake reads "common wNNN size20": the blur changes the checksum word only.
        let changes = try #require(blurred.changes)
        #expect(changes.lost == 1 && changes.gained == 1)
        #expect(changes.lostWords.first?.hasPrefix("w") == true)
        // Binarizing the black square on white gives the original's pixels: against the blur
        // before it, the checksum word changes back.
        for (setup, line, against) in [(nil, "diff", "original"), ("binarize", "diff previous", "previous")] {
            if let setup { _ = run.driver.handle(setup) }
            let output = try #require(run.driver.handle(line).first)
            guard case let .diff(name, edits, _) = output.content else { Issue.record("\(line): \(output.kind)"); continue }
            #expect(name == against)
            #expect(edits.filter { if case .same = $0 { true } else { false } }.count == 2, "common and size20 are kept")
            let object = try json(output)
            #expect(object["kind"] as? String == "diff" && object["against"] as? String == against)
            #expect((object["edits"] as? [[String: String]])?.count == 4)
        }
    }

    @Test("sweep answers with a row per strength and the best point, and changes nothing")
    func sweep() throws {
        let run = try session()
        _ = run.driver.start(with: try #require(run.images.first))
        _ = run.driver.handle("binarize")
        let prompt = run.driver.prompt
        let output = try #require(run.driver.handle("sweep").first)
        guard case .sweep(let summary) = output.content else { Issue.record("got \(output.kind)"); return }
        #expect(summary.filter == .binarize, "the current segment's filter by default")
        #expect(summary.rows.count == SweepPlan.defaultStrengths(for: .binarize).count)
        #expect(summary.best?.criterion == "most words", "no truth beside the test images")
        #expect(run.driver.prompt == prompt)
        let object = try json(output)
        #expect(((object["sweep"] as? [String: Any])?["rows"] as? [Any])?.count == summary.rows.count)
        // Each swept point is now in the cache: the slider answers without recognising again.
        let calls = run.recognizer.calls.load(ordering: .relaxed)
        _ = run.driver.handle("slider 10%")
        #expect(run.recognizer.calls.load(ordering: .relaxed) == calls)
    }

    @Test("A sweep's summary names each filter's own parameter", arguments: [
        ("blur", "σ"), ("binarize", "threshold "), ("median", "radius "), ("contrast", "contrast "), ("scale", "factor "),
    ])
    func sweepParameterNames(filter: String, unit: String) throws {
        let run = try session()
        _ = run.driver.start(with: try #require(run.images.first))
        let output = try #require(run.driver.handle("sweep \(filter)").first)
        guard case .sweep(let summary) = output.content else { Issue.record("got \(output.kind)"); return }
        let heading = try #require(HumanText.sweep(summary).split(separator: "\n").first)
        #expect(heading.contains(", \(unit)") && heading.contains(" → \(unit)"), "\(heading)")
    }

    @Test("A blur sweep's default range ends where text of the recognised height is blurred away")
    func blurReach() {
        let words = [26, 24, 30, 90].map { RecognizedWord(text: "word", confidence: 90, box: BoundingBox(x: 0, y: 0, width: 9, height: $0)) }
            + [RecognizedWord(text: "x", confidence: 90, box: BoundingBox(x: 0, y: 0, width: 9, height: 500))]
        let height = SweepPlan.textHeight(of: RecognizedText(text: "", meanConfidence: 90, words: words))
        #expect(height == 30, "the median of the confident words of two letters or more")
        #expect(SweepPlan.defaultStrengths(for: .blur, textHeight: nil).last == 0.06)
        #expect(SweepPlan.defaultStrengths(for: .blur, textHeight: 26).last == 0.06)
        #expect(SweepPlan.defaultStrengths(for: .blur, textHeight: 59).last == 0.12)
        #expect(SweepPlan.defaultStrengths(for: .blur, textHeight: 2000).last == 1)
        #expect(SweepPlan.defaultStrengths(for: .blur, textHeight: 59).count == 13)
    }

    @Test("A stop request cancels a transition, a sweep and best, and changes nothing", arguments: ["binarize", "sweep", "best"])
    func stopRequest(command: String) throws {
        let run = try session()
        _ = run.driver.start(with: try #require(run.images.first))
        _ = run.driver.handle("blur")
        let (prompt, status) = (run.driver.prompt, try json(try #require(run.driver.handle("status").first)))
        let stop = StopSignal()
        stop.raise()
        run.driver.interruption = { stop }
        let output = try #require(run.driver.handle(command).first)
        run.driver.interruption = { nil }
        #expect(output.kind == "cancelled", "\(output.kind)")
        #expect(run.driver.refusals == 0, "a cancel is not a refusal")
        #expect(run.driver.prompt == prompt)
        let after = try json(try #require(run.driver.handle("status").first))
        #expect((after["status"] as? [String: Any])?["cache"] as? [String: Int] == (status["status"] as? [String: Any])?["cache"] as? [String: Int],
                "the cache as before")
    }

    @Test("A recognition that fails is refused and leaves the filters as they were")
    func failedRecognition() throws {
        struct Failing: Recognizer {
            func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
                throw CocoaError(.featureUnsupported)
            }
        }
        let folder = try Paths.temporaryDirectory()
        let image = try #require(try TestImages.files(widths: [20], in: folder).first)
        let driver = ReplDriver(pipeline: Pipeline(settings: RecognitionSettings(), recognizer: Failing()),
                                images: [], seed: 1, publisher: nil, home: nil)
        #expect(try #require(driver.start(with: image).first).isRefusal)
        #expect(driver.prompt == "filterocr> ", "no image shown after a failed first recognition")
    }
}
