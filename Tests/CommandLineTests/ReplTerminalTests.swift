import Foundation
import TestSupport
import Testing

/// The REPL at a terminal: a pseudo-terminal from util-linux's `script`, so that the binary
/// sees a terminal and a typed Ctrl-C reaches it as SIGINT, as it does for a person.
@Suite("filterocr repl at a terminal: progress and Ctrl-C")
struct ReplTerminalTests {
    /// The 12-megapixel photo: its recognition takes seconds, long enough to show progress.
    private let largeImage = Paths.images + "/document_photo_12mp.jpg"

    private func terminalSession(_ arguments: [String]) async throws -> BackgroundProcess {
        // exec: the REPL is the terminal's only process. Without it dash (script's shell when
        // SHELL is unset) stays as the REPL's parent, and a typed Ctrl-C ends the shell too.
        let command = "exec " + ([Paths.filterocr, "repl"] + arguments).map { "'\($0)'" }.joined(separator: " ")
        // -e: script exits with the REPL's status; -f: output as it comes; -q: no banner.
        return try await BackgroundProcess("/usr/bin/script", ["-qefc", command, "/dev/null"])
    }

    /// Waits until the prompt `promptEnd` ends the output after `offset`; returns the new offset.
    private func waitForPrompt(_ session: BackgroundProcess, after offset: Int, ending promptEnd: String) async throws -> Int {
        let seen = await session.waitForTranscript(from: offset, timeout: 120) { $0.hasSuffix(promptEnd + "> ") }
        try #require(seen, "no prompt; the terminal showed: \(session.transcript.suffix(600))")
        return session.transcript.count
    }

    /// The terminal's lines from character `offset` on (a terminal ends them with CR LF).
    private func lines(of session: BackgroundProcess, from offset: Int) -> [String] {
        session.transcript.dropFirst(offset).split(whereSeparator: \.isNewline).map(String.init)
    }

    private func feedSequence(_ path: String) throws -> Int? {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        return object?["sequence"] as? Int
    }

    @Test("Ctrl-C during a transition cancels it at once: the prompt returns with the state, feed and cache as before")
    func cancel() async throws {
        let feed = try Paths.temporaryDirectory() + "/topwords.json"
        let session = try await terminalSession(["--image", largeImage, "--feed", feed, "--no-speculate"])
        var offset = try await waitForPrompt(session, after: 0, ending: "· original")
        // The feed is written in the background: wait for the first recognition's update.
        try #require(await BackgroundProcess.wait(timeout: 60) { (try? feedSequence(feed)) != nil }, "no feed written")
        let sequence = try #require(try feedSequence(feed))
        session.type("status\n")
        let statusStart = try await waitForPrompt(session, after: offset, ending: "· original")
        let statusBefore = lines(of: session, from: offset)

        session.type("binarize\n")
        // Ctrl-C once the progress line shows: while Tesseract is at work, not after a guess at its time.
        let progressShown = await session.waitForTranscript(from: statusStart, timeout: 120) { $0.contains("recognising") }
        try #require(progressShown, "no progress line: \(session.transcript.suffix(600))")
        session.type("\u{03}")
        offset = try await waitForPrompt(session, after: statusStart, ending: "· original")
        let afterCancel = session.transcript.dropFirst(statusStart)
        #expect(afterCancel.contains("cancelled binarize"))
        #expect(!afterCancel.contains("words ·"), "no report of the cancelled transition")

        session.type("status\n")
        let statusOffset = offset
        offset = try await waitForPrompt(session, after: offset, ending: "· original")
        let statusAfter = lines(of: session, from: statusOffset)
        let cacheLine = { (lines: [String]) in lines.first { $0.hasPrefix("cache:") } }
        #expect(cacheLine(statusAfter) != nil && cacheLine(statusAfter) == cacheLine(statusBefore),
                "the cache as before: \(statusBefore) then \(statusAfter)")
        #expect(statusAfter.contains { $0.hasPrefix("filters:") && $0.hasSuffix("original") })
        // The next transition is the feed's next update: the cancelled one published nothing.
        session.type("blur\n")
        _ = try await waitForPrompt(session, after: offset, ending: "· blur")
        let updated = await BackgroundProcess.wait(timeout: 60) { ((try? feedSequence(feed)) ?? sequence) > sequence }
        #expect(updated, "blur updates the feed")
        #expect(try feedSequence(feed) == sequence + 1, "the feed as before the cancelled command")

        session.type("quit\n")
        #expect(await session.waitForExit(timeout: 60))
        #expect(session.terminationStatus == 0)
    }

    @Test("At the prompt no progress line is drawn: the prompt stays the terminal's last line, from the start on")
    func promptKeptAtStart() async throws {
        let session = try await terminalSession(["--image", Paths.images + "/price_tag.bmp", "--no-feed", "--no-store"])
        let offset = try await waitForPrompt(session, after: 0, ending: "· original")
        // The progress line ticks every second while it is shown: three seconds would show it.
        let drawn = await BackgroundProcess.wait(timeout: 3) { session.transcript.count > offset }
        #expect(!drawn, "drawn after the prompt: \(session.transcript.dropFirst(offset))")
        session.type("quit\n")
        #expect(await session.waitForExit(timeout: 60))
        #expect(!session.transcript.contains("elapsed"), "\(session.transcript.suffix(400))")
    }

    @Test("Tab completes the filter after then, and previous after diff")
    func completion() async throws {
        let session = try await terminalSession(["--image", Paths.images + "/price_tag.bmp", "--no-feed", "--no-speculate"])
        var offset = try await waitForPrompt(session, after: 0, ending: "· original")
        session.type("then sa\t\n")
        offset = try await waitForPrompt(session, after: offset, ending: "· sauvola")
        session.type("diff pr\t\n")
        let diffStart = offset
        offset = try await waitForPrompt(session, after: offset, ending: "· sauvola")
        #expect(!session.transcript.dropFirst(diffStart).contains("takes only"), "diff previous ran: \(session.transcript.suffix(400))")
        session.type("quit\n")
        #expect(await session.waitForExit(timeout: 60))
        #expect(session.terminationStatus == 0)
    }

    @Test("No progress line when standard error is not a terminal, however long the recognition")
    func noProgressInPipe() async throws {
        let result = try await Command.filterocr(["repl", "--json", "--no-feed", "--image", largeImage],
                                           input: Data("binarize\n".utf8))
        #expect(result.status == 0)
        let reports = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let timings = try #require(reports.last?["timings"] as? [String: Any])
        // The line would have shown: the recognition took longer than its half-second delay.
        #expect(try #require(timings["ocr"] as? Double) > 500)
        #expect(!result.standardError.contains("recognising"))
    }
}
