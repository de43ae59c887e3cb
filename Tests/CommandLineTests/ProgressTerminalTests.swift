import Foundation
import TestSupport
import Testing

/// The progress line at a terminal: a pseudo-terminal from util-linux's `script`, so that
/// the binary sees one on standard error, and a typed Ctrl-C reaches it as SIGINT.
@Suite("Progress at a terminal, and Ctrl-C")
struct ProgressTerminalTests {
    /// The 12-megapixel photo: its recognition takes seconds, long enough to see progress first.
    private let largeImage = Paths.images + "/document_photo_12mp.jpg"
    private let smallImage = Paths.images + "/price_tag.bmp"

    private func atTerminal(_ arguments: [String]) async throws -> BackgroundProcess {
        // exec: filterocr is the terminal's only process, so a typed Ctrl-C reaches it alone.
        let command = "exec " + ([Paths.filterocr] + arguments).map { "'\($0)'" }.joined(separator: " ")
        // -e: script exits with filterocr's status; -f: output as it comes; -q: no banner.
        return try await BackgroundProcess("/usr/bin/script", ["-qefc", command, "/dev/null"])
    }

    @Test("batch shows its line, with the total, before the first page is read, and draws it again after each result")
    func batchShowsProgressAtOnce() async throws {
        let session = try await atTerminal(["batch", "--no-feed", "-j", "1", largeImage, smallImage])
        defer { session.terminate() }
        let shown = await session.waitForTranscript(timeout: 120) { $0.contains("0/2 · ") }
        try #require(shown, "no progress line: \(session.transcript.suffix(600))")
        let transcript = session.transcript
        let progress = try #require(transcript.range(of: "0/2 · "))
        #expect((transcript.range(of: "{\"")?.lowerBound ?? transcript.endIndex) > progress.lowerBound,
                "the line came before the first result: \(transcript.prefix(600).debugDescription)")
        #expect(transcript[progress.upperBound...].hasPrefix("0 s elapsed") || transcript[progress.upperBound...].hasPrefix("1 s elapsed"),
                "\(transcript.prefix(600).debugDescription)")

        #expect(await session.waitForExit(timeout: 300), "the batch ends")
        #expect(session.terminationStatus == 0)
        // The first result is printed on the erased line (the terminal ends it with CR LF), and
        // the line is drawn again right after it, with the new count.
        #expect(session.transcript.contains("}\r\n\r\u{1B}[2K[############............] 1/2 · "),
                "redrawn after the result: \(session.transcript.suffix(1200).debugDescription)")
    }

    @Test("Ctrl-C stops report and tune with one line saying how far they came", arguments: [
        (["report", "-j", "1"], "0/2 · ", "of 2 pages; no report"),
        (["tune", "--no-auto", "--budget", "40"], "Ctrl-C keeps it", "of 40 recognitions; the best recipe so far follows"),
    ])
    func ctrlCSaysWhereItStopped(command: [String], progress: String, said: String) async throws {
        let inputs = command[0] == "report" ? [largeImage, smallImage] : [Paths.corpus]
        let session = try await atTerminal(command + inputs)
        defer { session.terminate() }
        // Ctrl-C once the progress line shows: while the run is at work, not after a guess at its time.
        let shown = await session.waitForTranscript(timeout: 120) { $0.contains(progress) }
        try #require(shown, "no progress line: \(session.transcript.suffix(600))")
        session.type("\u{03}")
        #expect(await session.waitForExit(timeout: 300))
        #expect(session.terminationStatus == 130)
        let lines = session.transcript.split(whereSeparator: \.isNewline).map { $0.split(separator: "\u{1B}[2K").last ?? "" }
        let stopped = lines.filter { $0.hasPrefix("filterocr: stopped by Ctrl-C after ") }
        #expect(stopped.count == 1 && stopped.first?.hasSuffix(said) == true,
                "\(session.transcript.suffix(800).debugDescription)")
    }
}
