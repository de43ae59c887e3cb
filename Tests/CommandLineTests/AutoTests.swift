import Foundation
import TestSupport
import Testing

@Suite("filterocr ocr --auto and best")
struct AutoTests {
    private let phototest = Paths.corpus + "/phototest.tif"
    private let receipt = Paths.images + "/receipt.png"

    private func object(_ line: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("--auto reports a script that reproduces its text through --ops")
    func reproducible() async throws {
        let auto = try await Command.filterocr(["ocr", "--auto", "--explain", "--json", "--no-feed", receipt])
        #expect(auto.status == 0, "\(auto.standardError)")
        let report = try object(auto.standardOutput)
        let choice = try #require(report["auto"] as? [String: Any])
        let script = try #require(choice["script"] as? String)
        #expect(report["script"] as? String == script)
        let candidates = try #require(choice["candidates"] as? [[String: Any]])
        #expect(candidates.first?["script"] as? String == "original")
        #expect(candidates.count == choice["tried"] as? Int)
        #expect(candidates.allSatisfy { $0["accuracy"] != nil }, "the sidecar truth is known, so each has its CER")
        #expect((choice["original"] as? [String: Any])?["accuracy"] != nil)

        let replay = try await Command.filterocr(["ocr", "--ops", script, "--json", "--no-feed", receipt])
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(try object(replay.standardOutput)["text"] as? String == report["text"] as? String)
    }

    @Test("--explain counts words as the report does: the chosen candidate's count is the report's")
    func oneDefinitionOfWord() async throws {
        let auto = try await Command.filterocr(["ocr", "--auto", "--explain", "--json", "--no-feed", receipt])
        #expect(auto.status == 0, "\(auto.standardError)")
        let report = try object(auto.standardOutput)
        let choice = try #require(report["auto"] as? [String: Any])
        let candidates = try #require(choice["candidates"] as? [[String: Any]])
        let chosen = try #require(candidates.first { $0["script"] as? String == choice["script"] as? String })
        #expect(chosen["wordCount"] as? Int == report["wordCount"] as? Int)
    }

    @Test("In text, the choice is said on standard error and the text alone is on standard output")
    func textOutput() async throws {
        let result = try await Command.filterocr(["ocr", "--auto", "--no-feed", phototest])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("quick brown dog"))
        #expect(result.standardError.contains("auto:") && !result.standardOutput.contains("auto:"))
    }

    @Test("At a narrow terminal the progress line is cut to its width, so that each redraw replaces the last")
    func progressFitsTheTerminal() async throws {
        // script's pseudo-terminal, made 50 columns wide before the search starts.
        let command = "stty cols 50 rows 24; exec \(Paths.filterocr) ocr --auto --auto-budget 4 --no-feed \(receipt)"
        let session = try await BackgroundProcess("/usr/bin/script", ["-qefc", command, "/dev/null"])
        #expect(await session.waitForExit(timeout: 300))
        let redraws = session.transcript.components(separatedBy: "\r\u{1B}[2K").dropFirst()
            .map { $0.prefix { $0 != "\r" && $0 != "\n" } }
        let progress = redraws.filter { $0.hasPrefix("auto:") }
        #expect(!progress.isEmpty, "no progress line: \(session.transcript.suffix(400))")
        #expect(progress.allSatisfy { $0.count <= 49 }, "\(progress.map(\.count))")
        #expect(progress.contains { $0.hasSuffix("…") }, "the long line was cut")
    }

    @Test("Usage errors: --auto with --ops, --explain or --auto-budget without --auto, a bad budget", arguments: [
        (["--auto", "--ops", "blur"], "--auto or --ops, not both"), (["--explain"], "goes with --auto"),
        (["--auto-budget", "3"], "goes with --auto"), (["--auto-sample"], "goes with --auto"), (["--auto", "--auto-budget", "0"], "1 to 10000"),
        (["--auto", "--auto-budget", "nan"], "1 to 10000"), (["--auto-keep", "place"], "--auto-keep goes with --auto"),
        (["--auto", "--auto-keep", "where"], "'where' is invalid for '--auto-keep"),
    ])
    func usage(arguments: [String], reason: String) async throws {
        let result = try await Command.filterocr(["ocr"] + arguments + [phototest])
        #expect(result.status == 2 && result.standardError.contains(reason), "\(result.standardError)")
    }

    @Test("--auto-keep place tries only chains that leave the page's content where it is; size, none that resize it either")
    func keeping() async throws {
        let skewed = Paths.images + "/skewed_page.jpg"
        /// What each chain the search tried does to the page, as `filterocr script` says.
        func tried(_ keeping: [String]) async throws -> [[String: Any]] {
            let run = try await Command.filterocr(["ocr", "--auto", "--explain", "--json", "--no-feed", "--no-store"]
                                                  + keeping + [skewed])
            #expect(run.status == 0, "\(run.standardError)")
            let choice = try #require(try object(run.standardOutput)["auto"] as? [String: Any])
            let scripts = try #require(choice["candidates"] as? [[String: Any]]).compactMap { $0["script"] as? String }
            let effects = try await Command.filterocr(["script", "--"] + scripts)
            #expect(effects.status == 0 && !scripts.isEmpty, "\(effects.standardError)")
            return try effects.standardOutput.split(separator: "\n").map(object)
        }
        let free = try await tried([])
        #expect(free.contains { $0["movesPage"] as? Bool == true }, "the skewed page's search tries a chain that moves it")
        let place = try await tried(["--auto-keep", "place"])
        #expect(place.allSatisfy { $0["movesPage"] as? Bool == false }, "\(place)")
        let size = try await tried(["--auto-keep", "size"])
        #expect(size.allSatisfy { $0["movesPage"] as? Bool == false && $0["resizesPage"] as? Bool == false }, "\(size)")
    }

    @Test("best in the REPL moves to the chosen chain, which status then shows")
    func best() async throws {
        let result = try await Command.filterocr(["repl", "--json", "--no-feed", "--image", phototest],
                                           input: Data("best\nstatus\n".utf8))
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        let best = try object(try #require(lines.at(1)))
        #expect(best["command"] as? String == "best" && best["kind"] as? String == "recognition")
        let script = try #require((best["auto"] as? [String: Any])?["script"] as? String)
        let status = try object(try #require(lines.at(2)))
        #expect((status["status"] as? [String: Any])?["script"] as? String == script)
    }
}
