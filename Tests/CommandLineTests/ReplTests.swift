import Foundation
import TestSupport
import Testing

/// Scripted sessions through the built binary: `printf '...' | filterocr repl --json`.
@Suite("filterocr repl, scripted")
struct ReplTests {
    struct Session {
        var objects: [[String: Any]]
        var errors: [String]
        var feed: [String: Any]
        var status: Int32

        /// The recognitions, in order.
        var recognitions: [[String: Any]] { objects.filter { $0["kind"] as? String == "recognition" } }
    }

    private func session(_ lines: [String], arguments: [String] = ["--seed", "7"]) async throws -> Session {
        let feed = try Paths.temporaryDirectory() + "/topwords.json"
        let result = try await Command.filterocr(["repl", "--json", "--images", Paths.images, "--feed", feed] + arguments,
                                           input: Data((lines.joined(separator: "\n") + "\n").utf8))
        let objects = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
        let feedObject = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: feed)))) as? [String: Any]
        return Session(objects: objects, errors: result.errorLines, feed: feedObject ?? [:], status: result.status)
    }

    @Test("Each transition's segment and operations follow the rules; the feed rises once per transition")
    func transitions() async throws {
        let run = try await session(["blur", "25%", "75%", "slider 1.5", "75%", "binarize", "75%", "original", "25%",
                               "binarize", "slider 150%"])
        #expect(run.status == 1, "a script with a refused command fails")
        let expected: [(String, [String])] = [
            ("original", []), ("blur", ["blur 25%"]), ("blur", ["blur 25%", "blur 25%"]),
            ("blur", ["blur 25%", "blur 25%", "blur 75%"]), ("blur", ["blur 150%"]), ("blur", ["blur 150%", "blur 75%"]),
            ("binarize", ["binarize 25%"]), ("binarize", ["binarize 25%", "binarize 75%"]), ("original", []),
            // "25%" in original is refused: an error object, no transition.
            ("binarize", ["binarize 25%"]), ("binarize", ["binarize 150%"]),
        ]
        let transitions = run.recognitions
        #expect(transitions.count == expected.count)
        for (object, (segment, operations)) in zip(transitions, expected) {
            #expect(object["segment"] as? String == segment)
            #expect(object["operations"] as? [String] == operations)
        }
        #expect(run.objects.filter { $0["error"] != nil }.map { $0["command"] as? String } == ["25%"])
        #expect(run.errors.count == 1)
        #expect(try #require(run.errors.first).contains("'25%' needs a filter first"))
        #expect(run.feed["sequence"] as? Int == expected.count, "one feed update per transition, none for the refusal")
        #expect(run.feed["source"] as? String == "repl")
        let first = try #require(transitions.first?["image"] as? String)
        #expect(first.hasPrefix(Paths.images + "/"))
        #expect(transitions.allSatisfy { $0["image"] as? String == first })
    }

    @Test("With --json every line is a JSON object naming its command, and a refusal fails the script")
    func everyLineIsJSON() async throws {
        let folder = try Paths.temporaryDirectory()
        let image = Paths.images + "/receipt.png"
        let script = "help\nshow\nstatus\nsave \(folder)/x.png\nblur\nbogus\n"
        let result = try await Command.filterocr(["repl", "--json", "--no-feed", "--image", image], input: Data(script.utf8))
        #expect(result.status == 1)
        let objects = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not JSON: \($0)")
        }
        #expect(objects.map { $0["command"] as? String } == ["open", "help", "show", "status", "save", "blur", "bogus"])
        #expect(objects.map { $0["kind"] as? String } == ["recognition", "help", "preview", "status", "saved",
                                                          "recognition", "error"])
        let show = try #require(objects.at(2))
        #expect(show["width"] as? Int == 750 && show["height"] as? Int == 1370)
        #expect(!result.standardOutput.contains("\u{1B}["), "no terminal art in JSON")
        let first = try #require(objects.first)
        let settings = try #require(first["settings"] as? [String: Any])
        #expect(settings["lang"] as? String == "eng" && settings["psm"] as? Int == 3)
        #expect(settings["colorSpace"] as? String == "linear" && settings["dpi"] as? Int == 300)
        #expect(first["size"] as? [String: Int] == ["width": 750, "height": 1370])
    }

    @Test("status and help answer before any image is loaded")
    func statusWithoutImage() async throws {
        let result = try await Command.filterocr(["repl", "--json", "--no-feed", "--images", Paths.images,
                                            "--image", "/no/such/start.png"], input: Data("status\nhelp\n".utf8))
        let objects = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["kind"] as? String } == ["error", "status", "help"])
        let status = try #require(objects.at(1)?["status"] as? [String: Any])
        #expect(status["image"] is NSNull || status["image"] == nil)
        #expect(status["imageSetCount"] as? Int == 14)
    }

    @Test("Session words survive --no-feed and revisits do not count again")
    func sessionWordsWithoutFeed() async throws {
        let result = try await Command.filterocr(["repl", "--no-feed", "--image", Paths.corpus + "/phototest.tif"],
                                           input: Data("top\noriginal\noriginal\ntop\n".utf8))
        #expect(result.status == 0, "\(result.standardError)")
        let sessionLines = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("session:") }
        #expect(sessionLines.count == 2)
        #expect(sessionLines.first == "session:    the (9), quick (4), brown (4)")
        #expect(sessionLines.first == sessionLines.last)
    }

    @Test("From a pipe, # starts a comment and blank lines are skipped; a clean script exits 0")
    func scriptSyntax() async throws {
        let run = try await session(["# a session as a script", "", "blur   # try the blur", "   ", "original"])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty, "\(run.errors)")
        #expect(run.recognitions.map { $0["operations"] as? [String] ?? ["?"] } == [[], ["blur 25%"], []])
    }

    @Test("open takes a quoted name with spaces")
    func quotedPath() async throws {
        let folder = try Paths.temporaryDirectory()
        try FileManager.default.copyItem(atPath: Paths.images + "/price_tag.bmp", toPath: folder + "/my tag.bmp")
        let run = try await session(["open \"\(folder)/my tag.bmp\""])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.recognitions.last?["image"] as? String == folder + "/my tag.bmp")
    }

    @Test("original after any sequence is the first recognition again, byte for byte, from the cache")
    func originalIsCached() async throws {
        let run = try await session(["blur", "75%", "binarize", "original"])
        let first = try #require(run.recognitions.first), last = try #require(run.recognitions.last)
        #expect(first["cached"] as? Bool == false)
        #expect(last["cached"] as? Bool == true)
        #expect(try comparable(first) == comparable(last))
        let timings = try #require(last["timings"] as? [String: Double])
        #expect(timings["filter"] == 0 && timings["ocr"] == 0)
    }

    @Test("Revisiting a state answers from the cache")
    func revisit() async throws {
        let run = try await session(["blur", "slider 0.5", "slider 0.25"])
        #expect(run.recognitions.map { $0["cached"] as? Bool } == [false, false, false, true])
        #expect(try comparable(try #require(run.recognitions.at(1))) == comparable(try #require(run.recognitions.at(3))))
    }

    /// The recognition without what legitimately differs between two answers.
    private func comparable(_ object: [String: Any]) throws -> Data {
        var object = object
        for key in ["timings", "cached", "command"] { object[key] = nil }
        return try JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
    }

    @Test("The REPL reads an image as filter + ocr do: one code path")
    func sameAsFilterThenOCR() async throws {
        let image = Paths.images + "/phone_photo_noisy.jpg"
        let run = try await session(["blur", "slider 1.5%", "binarize", "slider 0.2"], arguments: ["--image", image])
        let folder = try Paths.temporaryDirectory()
        let states = [("blur; slider 1.5%", try #require(run.recognitions.at(2))),
                      ("binarize; slider 0.2", try #require(run.recognitions.at(4)))]
        for (script, object) in states {
            let png = folder + "/state.png"
            #expect(try await Command.filterocr(["filter", image, "--ops", script, "-o", png]).status == 0)
            let ocr = try await Command.filterocr(["ocr", "--json", "--no-feed", png])
            let direct = try #require(try JSONSerialization.jsonObject(with: Data(ocr.standardOutput.utf8)) as? [String: Any])
            #expect(direct["text"] as? String == object["text"] as? String, "\(script)")
            #expect((object["text"] as? String)?.isEmpty == false)
        }
    }

    @Test("Bad input is a one-line error each, and the session goes on unchanged")
    func badInput() async throws {
        let corrupt = Paths.packageRoot + "/Tests/ImageCodecTests/Fixtures/truncated.png"
        let bad = ["25%", "blur", "emboss", "slider", "slider abc", "slider -1", "slider 3.5", "slider nan",
                   "open /nonexistent/scan.png", "open \(corrupt)", "open \"unclosed.png", "save /nonexistent/x.png", "75%"]
        let run = try await session(bad)
        #expect(run.status == 1)
        #expect(run.errors.count == 11, "\(run.errors)")
        let expectations = ["needs a filter first", "unknown command 'emboss'", "slider needs a value", "'abc' is not a number",
                            "-1 is outside 0 to 3", "3.5 is outside 0 to 3", "'nan' is not a number",
                            "/nonexistent/scan.png: no such file", "truncated.png: is a corrupt or truncated PNG",
                            "quote is not closed", "the folder /nonexistent does not exist"]
        for (line, expected) in zip(run.errors, expectations) {
            #expect(line.contains(expected), "\(line)")
            #expect(line.hasPrefix("filterocr: error: "))
        }
        let transitions = run.recognitions
        #expect(transitions.map { $0["operations"] as? [String] ?? ["?"] } == [[], ["blur 25%"], ["blur 25%", "blur 75%"]])
        let first = try #require(transitions.first)
        #expect(transitions.allSatisfy { $0["image"] as? String == first["image"] as? String })
    }

    @Test("Queries and save answer about the current image")
    func queries() async throws {
        let saved = try Paths.temporaryDirectory() + "/state.png"
        let run = try await session(["binarize", "text", "top", "words", "save \(saved)"],
                              arguments: ["--image", Paths.corpus + "/phototest.tif"])
        #expect(run.objects.map { $0["kind"] as? String } == ["recognition", "recognition", "text", "top", "words", "saved"])
        let binarized = try #require(run.objects.at(1)), text = try #require(run.objects.at(2))
        #expect(text["text"] as? String == binarized["text"] as? String)
        let top = try #require(run.objects.at(3))
        #expect((top["topWords"] as? [[String: Any]])?.first?["word"] as? String == "the")
        #expect((top["sessionTopWords"] as? [[String: Any]])?.first?["count"] as? Int == 18)
        let words = try #require(run.objects.at(4))
        #expect((words["words"] as? [[String: Any]])?.count ?? 0 > 50)
        #expect(words["wordCount"] as? Int == binarized["wordCount"] as? Int)
        #expect(FileManager.default.fileExists(atPath: saved))
    }

    @Test("The text preview wraps to the width of the output, and counts read as English")
    func humanReport() async throws {
        let result = try await Command.filterocr(["repl", "--no-feed", "--image", Paths.images + "/phone_photo_noisy.jpg"],
                                           input: Data("status\n".utf8))
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        // A file path is never broken across lines, so the image line may be as long as the checkout's path.
        let wrapped = lines.filter { !$0.hasPrefix("image:") }
        #expect(wrapped.allSatisfy { $0.count <= 80 }, "\(wrapped.filter { $0.count > 80 })")
        #expect(lines.contains { $0.hasPrefix("  │ ") })
        #expect(lines.contains { $0.hasPrefix("cache:") && $0.contains(" 1 image,") })
        // A script does not speculate unless asked to.
        #expect(lines.contains { $0.hasPrefix("speculation:") && $0.hasSuffix(" off") })
        #expect(!lines.contains { $0.contains(" 1 images") || $0.contains(" 1 words") || $0.contains(" 1 more lines") })
    }

    @Test("Transitions carry what changed against the original; diff answers word by word")
    func changes() async throws {
        let run = try await session(["blur", "diff", "diff previous", "original"], arguments: ["--image", Paths.images + "/price_tag.bmp"])
        #expect(run.status == 0, "\(run.errors)")
        let original = try #require(run.recognitions.first), blurred = try #require(run.recognitions.at(1))
        let originalWords = try #require(original["wordCount"] as? Int)
        #expect((original["changes"] as? [String: Any])?["lost"] as? Int == 0)
        let changes = try #require(blurred["changes"] as? [String: Any])
        #expect(changes["lost"] as? Int == originalWords, "the blur lost every word")
        #expect((changes["lostWords"] as? [String])?.first == "special")
        let diffs = run.objects.filter { $0["kind"] as? String == "diff" }
        #expect(diffs.map { $0["against"] as? String } == ["original", "previous"])
        let edits = try #require(diffs.first?["edits"] as? [[String: String]])
        #expect(edits.first == ["op": "removed", "text": "SPECIAL"])
    }

    @Test("A missing or empty image folder is a one-line error")
    func missingFolder() async throws {
        let empty = try Paths.temporaryDirectory()
        for folder in [empty, empty + "/missing"] {
            let result = try await Command.filterocr(["repl", "--images", folder, "--no-feed"], input: Data())
            #expect(result.status == 1)
            #expect(result.errorLines.count == 1 && result.standardError.contains(folder))
        }
    }
}
