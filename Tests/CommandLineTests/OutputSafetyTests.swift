import Foundation
import TestSupport
import Testing

/// Outputs on a full disk, over protected files, beside planted links, and after a kill: the
/// old file stays as it was, the error says which file and why, and nothing of ours is left.
@Suite("Outputs that cannot be written lose nothing")
struct OutputSafetyTests {
    private let small = Paths.images + "/price_tag.bmp"
    private let old = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

    /// The names on the disk that are neither the files the test put there nor the outputs it expected.
    private func leftovers(_ outcome: FullDisk.Outcome, expected: Set<String>) -> [String] {
        outcome.files.keys.filter { !expected.contains($0) }.sorted()
    }

    @Test("On a full disk an existing output keeps its bytes, the error names it and the reason, nothing is left",
          arguments: [["ocr", "--no-feed", "--format", "txt", "-o", "existing.txt"],
                      ["ocr", "--no-feed", "--format", "tsv", "-o", "existing.txt"],
                      ["ocr", "--no-feed", "--format", "hocr", "-o", "existing.txt"],
                      ["batch", "--no-feed", "--format", "pdf", "-o", "existing.txt"],
                      ["filter", "--ops", "blur", "-o", "existing.png"]])
    func fullDiskCommands(arguments: [String]) async throws {
        let name = try #require(arguments.last)
        let outcome = try await FullDisk.run([Paths.filterocr] + arguments.prefix(1) + [small] + arguments.dropFirst(),
                                       files: [name: old])
        #expect(outcome.status == 1, "\(arguments): \(outcome.standardError)")
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("\(name): no space left on device"), "\(arguments): \(outcome.standardError)")
        #expect(!outcome.standardError.contains(".tmp"), "the error names the user's file, not ours")
        #expect(outcome.files[name] == old, "\(arguments): the old file is as it was")
        #expect(leftovers(outcome, expected: [name]).isEmpty, "\(leftovers(outcome, expected: [name]))")
    }

    @Test("Standard output on a full device: one line with the reason, status 1, no crash",
          arguments: [["ocr", "--no-feed"], ["ocr", "--no-feed", "--format", "txt"], ["ocr", "--no-feed", "--format", "pdf"],
                      ["batch", "--no-feed"], ["filter", "--ops", "blur", "-o", "-"], ["repl", "--no-feed", "--image"]])
    func fullStandardOutput(arguments: [String]) async throws {
        let command = ([Paths.filterocr] + arguments + [small]).map { "'\($0)'" }.joined(separator: " ")
        let result = try await Command.run("/bin/sh", ["-c", "exec \(command) > /dev/full"], input: Data("blur\n".utf8))
        #expect(result.status == 1, "\(arguments): \(result.standardError)")
        #expect(result.errorLines.count == 1 && result.standardError.contains("cannot write standard output: "),
                "\(arguments): \(result.standardError)")
    }

    @Test("filter -o - into a pipe its reader closes ends with 141 and no crash")
    func filterIntoClosedPipe() async throws {
        let command = "'\(Paths.filterocr)' filter '\(small)' --ops blur -o - | head -c 10 > /dev/null; echo ${PIPESTATUS[0]} >&2"
        let result = try await Command.run("/bin/bash", ["-c", command])
        #expect(result.standardError == "141\n", "\(result.standardError)")
    }

    @Test("On a full disk the REPL's save refuses, names the reason, and keeps the old file",
          arguments: ["existing.txt", "existing.png", "existing.pdf"])
    func fullDiskSave(name: String) async throws {
        let outcome = try await FullDisk.run([Paths.filterocr, "repl", "--no-feed", "--image", small], files: [name: old],
                                       input: "save \(name)\nquit\n")
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("saved"), "\(outcome.standardOutput)")
        #expect(outcome.standardError.contains("\(name): no space left on device"), "\(outcome.standardError)")
        #expect(outcome.files[name] == old)
        #expect(leftovers(outcome, expected: [name]).isEmpty, "\(leftovers(outcome, expected: [name]))")
    }

    @Test("On a full disk the feed keeps its last update and recognition goes on")
    func fullDiskFeed() async throws {
        let seed = try Paths.temporaryDirectory() + "/feed.json"
        #expect(try await Command.filterocr(["ocr", "--feed", seed, small]).status == 0)
        let feed = try Data(contentsOf: URL(fileURLWithPath: seed))
        let outcome = try await FullDisk.run([Paths.filterocr, "ocr", "--feed", "feed.json", small], files: ["feed.json": feed])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("SPECIAL"), "the recognition is printed")
        #expect(outcome.standardError.contains("no space left on device"), "\(outcome.standardError)")
        #expect(outcome.files["feed.json"] == feed)
        #expect(leftovers(outcome, expected: ["feed.json", ".feed.json.lock"]).isEmpty)
    }

    @Test("A document output that is one of the inputs, or a link to one, is refused and the input kept",
          arguments: [["ocr", "--format", "pdf"], ["ocr", "--format", "hocr"], ["batch", "--format", "txt"],
                      ["ocr", "--format", "pdf", "--text-only"]])
    func outputThatIsAnInput(arguments: [String]) async throws {
        let folder = try Paths.temporaryDirectory()
        let input = folder + "/page.bmp"
        try FileManager.default.copyItem(atPath: small, toPath: input)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.bmp", withDestinationPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        for output in [input, folder + "/link.bmp"] {
            let result = try await Command.filterocr(Array(arguments.prefix(1)) + ["--no-feed"] + arguments.dropFirst()
                                               + ["-o", output, input])
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("is also an input, which the document would replace"), "\(result.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        }
    }

    @Test("A PDF made searchable onto itself keeps its pages; as text alone it is refused")
    func searchablePDFOntoItself() async throws {
        let folder = try Paths.temporaryDirectory()
        let pdf = folder + "/scan.pdf"
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif"], at: pdf)
        let textOnly = try await Command.filterocr(["batch", "--no-feed", "--format", "pdf", "--text-only", "-o", pdf, pdf])
        #expect(textOnly.status == 2, "\(textOnly.standardError)")
        let searchable = try await Command.filterocr(["batch", "--no-feed", "--format", "pdf", "-o", pdf, pdf])
        #expect(searchable.status == 0, "\(searchable.standardError)")
        let images = try await Command.run("/usr/bin/pdfimages", ["-list", pdf]).standardOutput
        #expect(images.split(separator: "\n").count == 3, "the scan's one image is still there: \(images)")
    }

    @Test("A replaced output keeps its permissions",
          arguments: [["ocr", "--no-feed", "--format", "txt", "-o", "out"], ["filter", "--ops", "blur", "-o", "out.png"],
                      ["ocr", "--feed", "out"]])
    func permissionsKept(arguments: [String]) async throws {
        let folder = try Paths.temporaryDirectory()
        let name = try #require(arguments.last)
        let seeded = try await Command.filterocr(["ocr", "--feed", folder + "/" + name, small])
        #expect(seeded.status == 0)
        #expect(chmod(folder + "/" + name, 0o600) == 0)
        let result = try await Command.filterocr(Array(arguments.prefix(1)) + [small] + arguments.dropFirst(), directory: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(arguments)")
        #expect((attributes[.modificationDate] as? Date).map { $0.timeIntervalSinceNow > -60 } == true)
    }

    @Test("A read-only output is refused and left as it is",
          arguments: [["ocr", "--no-feed", "--format", "txt", "-o", "out.txt"], ["filter", "--ops", "blur", "-o", "out.png"]])
    func readOnlyRefused(arguments: [String]) async throws {
        let folder = try Paths.temporaryDirectory()
        let name = try #require(arguments.last)
        try old.write(to: URL(fileURLWithPath: folder + "/" + name))
        #expect(chmod(folder + "/" + name, 0o444) == 0)
        let result = try await Command.filterocr(Array(arguments.prefix(1)) + [small] + arguments.dropFirst(), directory: folder)
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(name): it is read-only (mode 444)"), "\(result.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [name])
    }

    @Test("The feed's lock file is never followed through a link")
    func lockLinkNotFollowed() async throws {
        let folder = try Paths.temporaryDirectory()
        let target = folder + "/created-through-link"
        try FileManager.default.createSymbolicLink(atPath: folder + "/.feed.json.lock", withDestinationPath: target)
        let result = try await Command.filterocr(["ocr", "--feed", folder + "/feed.json", small])
        #expect(result.status == 0, "recognition goes on: \(result.standardError)")
        #expect(result.standardError.contains("lock file .feed.json.lock is a symbolic link"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: target), "the link's target was not created")
    }

    @Test("A killed document run's temporary file is removed by the next run in that folder")
    func staleTemporaryRemoved() async throws {
        let folder = try Paths.temporaryDirectory()
        let run = try await BackgroundProcess(Paths.filterocr, ["batch", "--no-feed", "-j", "1", "--format", "pdf",
                                                          "-o", folder + "/out.pdf", Paths.images])
        let temporaries = { try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".out.pdf.") } }
        let deadline = Date().addingTimeInterval(60)
        while try temporaries().isEmpty, run.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect(kill(run.processIdentifier, SIGKILL) == 0)
        #expect(await run.waitForExit(timeout: 30))
        let left = try temporaries()
        // Its temporary file, and the renderer's pipe if it was killed before the renderer opened it.
        #expect((1...2).contains(left.count), "the killed run left its temporary files: \(left)")
        let next = try await Command.filterocr(["ocr", "--no-feed", "--format", "pdf", "-o", folder + "/out.pdf", small])
        #expect(next.status == 0, "\(next.standardError)")
        #expect(try temporaries().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.pdf"])
    }

    @Test("A save into a folder where files cannot be made says so, not that the folder is missing")
    func saveIntoProcFolder() async throws {
        let result = try await Command.filterocr(["repl", "--no-feed", "--image", small], input: Data("save /proc/self/fd/1.png\n".utf8))
        #expect(result.status == 1)
        #expect(!result.standardError.contains("does not exist"), "\(result.standardError)")
        #expect(result.standardError.contains("cannot create a file in /proc/self/fd"), "\(result.standardError)")
    }
}
