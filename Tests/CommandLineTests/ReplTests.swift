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
    }

    private func session(_ lines: [String], arguments: [String] = ["--seed", "7"]) throws -> Session {
        let feed = try Paths.temporaryDirectory() + "/topwords.json"
        let result = try Command.filterocr(["repl", "--json", "--images", Paths.images, "--feed", feed] + arguments,
                                           input: Data((lines.joined(separator: "\n") + "\n").utf8))
        let objects = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let feedObject = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: feed)))) as? [String: Any]
        return Session(objects: objects, errors: result.errorLines, feed: feedObject ?? [:], status: result.status)
    }

    @Test("Each transition's segment and operations follow the rules; the feed rises once per transition")
    func transitions() throws {
        let run = try session(["blur", "25%", "75%", "slider 1.5", "75%", "binarize", "75%", "original", "25%",
                               "binarize", "slider 150%"])
        #expect(run.status == 0)
        let expected: [(String, [String])] = [
            ("original", []), ("blur", ["blur 25%"]), ("blur", ["blur 25%", "blur 25%"]),
            ("blur", ["blur 25%", "blur 25%", "blur 75%"]), ("blur", ["blur 150%"]), ("blur", ["blur 150%", "blur 75%"]),
            ("binarize", ["binarize 25%"]), ("binarize", ["binarize 25%", "binarize 75%"]), ("original", []),
            // "25%" in original is refused: an error object, no transition.
            ("binarize", ["binarize 25%"]), ("binarize", ["binarize 150%"]),
        ]
        let transitions = run.objects.filter { $0["error"] == nil }
        #expect(transitions.count == expected.count)
        for (object, (segment, operations)) in zip(transitions, expected) {
            #expect(object["segment"] as? String == segment)
            #expect(object["operations"] as? [String] == operations)
        }
        #expect(run.objects.filter { $0["error"] != nil }.count == 1)
        #expect(run.errors.count == 1 && run.errors[0].contains("'25%' needs a filter first"))
        #expect(run.feed["sequence"] as? Int == expected.count, "one feed update per transition, none for the refusal")
        #expect(run.feed["source"] as? String == "repl")
        let first = try #require(transitions.first?["image"] as? String)
        #expect(first.hasPrefix(Paths.images + "/"))
        #expect(transitions.allSatisfy { $0["image"] as? String == first })
    }

    @Test("original after any sequence is the first recognition again, byte for byte, from the cache")
    func originalIsCached() throws {
        let run = try session(["blur", "75%", "binarize", "original"])
        let first = try #require(run.objects.first), last = try #require(run.objects.last)
        #expect(first["cached"] as? Bool == false)
        #expect(last["cached"] as? Bool == true)
        #expect(try comparable(first) == comparable(last))
        let timings = try #require(last["timings"] as? [String: Double])
        #expect(timings["filter"] == 0 && timings["ocr"] == 0)
    }

    @Test("Revisiting a state answers from the cache")
    func revisit() throws {
        let run = try session(["blur", "slider 0.5", "slider 0.25"])
        #expect(run.objects.map { $0["cached"] as? Bool } == [false, false, false, true])
        #expect(try comparable(run.objects[1]) == comparable(run.objects[3]))
    }

    /// The recognition without what legitimately differs between two answers.
    private func comparable(_ object: [String: Any]) throws -> Data {
        var object = object
        object["timings"] = nil
        object["cached"] = nil
        return try JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
    }

    @Test("The REPL reads an image as filter + ocr do: one code path")
    func sameAsFilterThenOCR() throws {
        let image = Paths.images + "/phone_photo_noisy.jpg"
        let run = try session(["blur", "slider 1.5%", "binarize", "slider 0.2"], arguments: ["--image", image])
        let folder = try Paths.temporaryDirectory()
        for (script, object) in [("blur; slider 1.5%", run.objects[2]), ("binarize; slider 0.2", run.objects[4])] {
            let png = folder + "/state.png"
            #expect(try Command.filterocr(["filter", image, "--ops", script, "-o", png]).status == 0)
            let ocr = try Command.filterocr(["ocr", "--json", "--no-feed", png])
            let direct = try #require(try JSONSerialization.jsonObject(with: Data(ocr.standardOutput.utf8)) as? [String: Any])
            #expect(direct["text"] as? String == object["text"] as? String, "\(script)")
            #expect((object["text"] as? String)?.isEmpty == false)
        }
    }

    @Test("Bad input is a one-line error each, and the session goes on unchanged")
    func badInput() throws {
        let corrupt = Paths.packageRoot + "/Tests/ImageCodecTests/Fixtures/truncated.png"
        let bad = ["25%", "blur", "sharpen", "slider", "slider abc", "slider -1", "slider 3.5", "slider nan",
                   "open /nonexistent/scan.png", "open \(corrupt)", "75%"]
        let run = try session(bad)
        #expect(run.status == 0)
        #expect(run.errors.count == 9, "\(run.errors)")
        let expectations = ["needs a filter first", "unknown command 'sharpen'", "slider needs a value", "'abc' is not a number",
                            "-1 is outside 0 to 3", "3.5 is outside 0 to 3", "'nan' is not a number",
                            "/nonexistent/scan.png: no such file", "truncated.png: is a corrupt or truncated PNG"]
        for (line, expected) in zip(run.errors, expectations) {
            #expect(line.contains(expected), "\(line)")
            #expect(line.hasPrefix("filterocr: error: "))
        }
        let transitions = run.objects.filter { $0["error"] == nil }
        #expect(transitions.map { $0["operations"] as? [String] ?? ["?"] } == [[], ["blur 25%"], ["blur 25%", "blur 75%"]])
        #expect(transitions.allSatisfy { $0["image"] as? String == transitions[0]["image"] as? String })
    }

    @Test("Queries and save answer about the current image")
    func queries() throws {
        let saved = try Paths.temporaryDirectory() + "/state.png"
        let run = try session(["binarize", "text", "top", "words", "save \(saved)"],
                              arguments: ["--image", Paths.corpus + "/phototest.tif"])
        #expect(run.objects[2]["text"] as? String == run.objects[1]["text"] as? String)
        #expect((run.objects[3]["topWords"] as? [[String: Any]])?.first?["word"] as? String == "the")
        #expect((run.objects[3]["sessionTopWords"] as? [[String: Any]])?.first?["count"] as? Int == 18)
        #expect((run.objects[4]["words"] as? [[String: Any]])?.count ?? 0 > 50)
        #expect(FileManager.default.fileExists(atPath: saved))
    }

    @Test("A missing or empty image folder is a one-line error")
    func missingFolder() throws {
        let empty = try Paths.temporaryDirectory()
        for folder in [empty, empty + "/missing"] {
            let result = try Command.filterocr(["repl", "--images", folder, "--no-feed"], input: Data())
            #expect(result.status == 1)
            #expect(result.errorLines.count == 1 && result.standardError.contains(folder))
        }
    }
}
