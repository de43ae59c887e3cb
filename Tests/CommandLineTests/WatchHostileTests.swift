import Foundation
import TestSupport
import Testing

/// `filterocr watch` left alone with careless writers and hostile files: nothing written over,
/// nothing read from outside the inbox, nothing taken half-written, every failure said.
@Suite("A hot folder under hostile files and careless users")
struct WatchHostileTests {
    private static let smallPage = Paths.images + "/app_screenshot.png"
    private static let otherPage = Paths.images + "/form.png"

    /// Puts `source` into `folder` as `name` the way a careful writer does: written beside it
    /// under a hidden name, then renamed in whole.
    private func drop(_ source: String, as name: String, into folder: String) throws {
        let hidden = folder + "/.incoming-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: source, toPath: hidden)
        // rename(2), which replaces a file of that name, as a scanner's rename does.
        #expect(rename(hidden, folder + "/" + name) == 0)
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("A name that comes back gets a new one: no output and no original is written over")
    func nameComesBack() async throws {
        let folders = try WatchFolders()
        let watcher = try await folders.watch(["-j", "1", "--settle", "0"])
        try drop(Self.smallPage, as: "scan.png", into: folders.inbox)
        #expect(await watcher.waitForLines(1, timeout: 120).count == 1)
        try drop(Self.otherPage, as: "scan.png", into: folders.inbox)
        let second = await watcher.waitForLines(2, timeout: 120)
        try drop(Self.smallPage, as: "scan.jpg", into: folders.inbox)
        let lines = await watcher.waitForLines(3, timeout: 120)
        await watcher.stop()
        #expect(lines.count == 3, "\(watcher.outputLines)")
        #expect(second.count == 2 && second[1].contains("scan-2.pdf") && second[1].contains("original kept as")
                && second[1].hasSuffix("done/scan-2.png"), "the new names said: \(second)")
        #expect(folders.names(folders.outbox) == ["scan-2.pdf", "scan-3.pdf", "scan.pdf"])
        #expect(folders.names(folders.inbox + "/done") == ["scan-2.png", "scan.jpg", "scan.png"])
        #expect(try bytes(folders.inbox + "/done/scan.png") == bytes(Self.smallPage), "the first original kept")
        #expect(try bytes(folders.inbox + "/done/scan-2.png") == bytes(Self.otherPage), "the second beside it")
        let first = try await Command.run("/usr/bin/pdftotext", [folders.outbox + "/scan.pdf", "-"]).standardOutput
        let other = try await Command.run("/usr/bin/pdftotext", [folders.outbox + "/scan-2.pdf", "-"]).standardOutput
        #expect(first != other, "each reading of its own file")
    }

    /// A PDF of `count` pages of the corpus, slow enough to be changed while it is read.
    private func longDocument(pages count: Int, at path: String) async throws {
        let images = try Paths.imagesWithTruth().map(\.image).filter { $0.hasSuffix(".png") }
        try await TestDocuments.pdf(of: (0..<count).map { images[$0 % images.count] }, at: path)
    }

    /// Waits until the watcher has begun the document of a file (its hidden temporary output).
    private func waitUntilReading(_ folders: WatchFolders) async -> Bool {
        await BackgroundProcess.wait(timeout: 120) {
            ((try? FileManager.default.contentsOfDirectory(atPath: folders.outbox)) ?? []).contains { $0.contains("filterocr-watch-") }
        }
    }

    private func pageCount(_ pdf: String) async throws -> Int? {
        let info = try await Command.run("/usr/bin/pdfinfo", [pdf]).standardOutput
        return info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    /// A watcher reading `b.pdf`, a PDF of `pages` pages (`source`), and a one-page PDF (`short`)
    /// to change it with.
    private func readingLongDocument(pages: Int) async throws -> (folders: WatchFolders, watcher: BackgroundProcess,
                                                            source: String, short: String) {
        let folders = try WatchFolders()
        let source = folders.root + "/long.pdf", short = folders.root + "/short.pdf"
        try await longDocument(pages: pages, at: source)
        try await TestDocuments.pdf(of: [Self.smallPage], at: short)
        let watcher = try await folders.watch(["-j", "1", "--settle", "1"])
        try drop(source, as: "b.pdf", into: folders.inbox)
        #expect(await waitUntilReading(folders))
        return (folders, watcher, source, short)
    }

    @Test("A file written over while it is read is not finished from what was read: it is read again, whole")
    func rewrittenWhileRead() async throws {
        let (folders, watcher, _, short) = try await readingLongDocument(pages: 8)
        // The writer starts again: the same file emptied and written with a one-page PDF.
        let handle = try #require(FileHandle(forWritingAtPath: folders.inbox + "/b.pdf"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try bytes(short))
        try handle.close()
        let lines = await watcher.waitForLines(1, timeout: 300)
        await watcher.stop()
        #expect(lines.count == 1 && lines[0].hasPrefix("b.pdf: 1 page → "), "\(watcher.outputLines)")
        #expect(watcher.errorLines.contains { $0.contains("b.pdf: it changed while it was read") }, "\(watcher.errorLines)")
        #expect(try await pageCount(folders.outbox + "/b.pdf") == 1, "the file as it ended, not a mixture")
        #expect(try bytes(folders.inbox + "/done/b.pdf") == bytes(short))
        #expect(watcher.outputLines.count == 1)
    }

    @Test("A file replaced by another under its name while it is read: both are read, both originals kept")
    func replacedWhileRead() async throws {
        let (folders, watcher, source, short) = try await readingLongDocument(pages: 6)
        try drop(short, as: "b.pdf", into: folders.inbox)
        let lines = await watcher.waitForLines(2, timeout: 300)
        await watcher.stop()
        #expect(lines.count == 2, "\(watcher.outputLines)")
        #expect(lines.first?.hasPrefix("b.pdf: 6 pages → ") == true && lines.last?.hasPrefix("b.pdf: 1 page → ") == true, "\(lines)")
        #expect(folders.names(folders.outbox) == ["b-2.pdf", "b.pdf"])
        let (longer, shorter) = (try await pageCount(folders.outbox + "/b.pdf"), try await pageCount(folders.outbox + "/b-2.pdf"))
        #expect(longer == 6 && shorter == 1)
        let done = folders.names(folders.inbox + "/done")
        #expect(done == ["b-2.pdf", "b.pdf"], "\(done)")
        #expect(try Set(done.map { try bytes(folders.inbox + "/done/" + $0) }) == Set([bytes(source), bytes(short)]))
    }

    @Test("The outbox, done and failed folders may not be the inbox itself")
    func inboxAsOutput() async throws {
        let folders = try WatchFolders()
        try FileManager.default.copyItem(atPath: Self.smallPage, toPath: folders.inbox + "/b.png")
        for extra in [["--to", folders.inbox], ["--to", folders.inbox + "/."], ["--to", folders.outbox, "--done", folders.inbox],
                      ["--to", folders.outbox, "--failed", folders.inbox + "/../in"]] {
            let result = try await Command.filterocr(["watch", folders.inbox, "--no-store"] + extra)
            #expect(result.status == 1, "\(extra)")
            #expect(result.errorLines.count == 1 && result.errorLines[0].contains("is the inbox itself"), "\(result.errorLines)")
        }
        #expect(try bytes(folders.inbox + "/b.png") == bytes(Self.smallPage), "untouched")
    }

    @Test("A symbolic link in the inbox is never followed: it goes to failed/ with its reason, and what it points to is not read")
    func linkNotFollowed() async throws {
        let folders = try WatchFolders()
        let outside = folders.root + "/secret.png"
        try FileManager.default.copyItem(atPath: Self.smallPage, toPath: outside)
        let watcher = try await folders.watch(["--settle", "0"])
        try FileManager.default.createSymbolicLink(atPath: folders.inbox + "/link.png", withDestinationPath: outside)
        try drop(Self.smallPage, as: "real.png", into: folders.inbox)
        let lines = await watcher.waitForLines(2, timeout: 120)
        await watcher.stop()
        #expect(lines.contains { $0.hasPrefix("link.png: failed: ") && $0.contains("is a symbolic link") }, "\(lines)")
        #expect(folders.names(folders.outbox) == ["real.pdf"], "nothing read from outside the inbox")
        #expect(folders.names(folders.inbox + "/failed") == ["link.png", "link.png.why"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folders.inbox + "/failed/link.png") == outside)
        #expect(try bytes(outside) == bytes(Self.smallPage))
    }

    @Test("A journal that is a link or a FIFO is refused in one line at the start, without waiting on it")
    func journalNotALink() async throws {
        for kind in ["link", "fifo"] {
            let folders = try WatchFolders()
            try FileManager.default.createDirectory(atPath: folders.outbox, withIntermediateDirectories: true)
            let outside = folders.root + "/outside.txt"
            try Data("kept\n".utf8).write(to: URL(fileURLWithPath: outside))
            let journal = folders.inbox + "/.filterocr-watch.journal"
            if kind == "link" {
                try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: outside)
            } else {
                #expect(mkfifo(journal, 0o644) == 0)
            }
            let watcher = try await BackgroundProcess(Paths.filterocr, ["watch", folders.inbox, "--to", folders.outbox, "--no-store"])
            #expect(await watcher.waitForExit(timeout: 60), "\(kind): no hang")
            #expect(watcher.terminationStatus == 1)
            #expect(watcher.errorLines.count == 1 && watcher.errorLines[0].contains(".filterocr-watch.journal")
                    && watcher.errorLines[0].contains(kind == "link" ? "symbolic link" : "FIFO"), "\(watcher.errorLines)")
            #expect(try String(contentsOfFile: outside, encoding: .utf8) == "kept\n")
        }
    }

    @Test("A journal that can be read but not written is refused in one line that says it cannot be written")
    func readOnlyJournal() async throws {
        let folders = try WatchFolders()
        try FileManager.default.createDirectory(atPath: folders.outbox, withIntermediateDirectories: true)
        let journal = folders.inbox + "/.filterocr-watch.journal"
        try Data("\n".utf8).write(to: URL(fileURLWithPath: journal))
        // Root writes whatever the mode says: as root, the watcher runs as nobody.
        for folder in [folders.root, folders.inbox, folders.outbox] {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: journal)
        let watch = [Paths.filterocr, "watch", folders.inbox, "--to", folders.outbox, "--no-store", "--settle", "0"]
        let asUser = getuid() == 0 ? ["--reuid=65534", "--regid=65534", "--clear-groups"] + watch : Array(watch.dropFirst())
        let run = try await Command.run(getuid() == 0 ? "/usr/bin/setpriv" : Paths.filterocr, asUser,
                                  environment: ["HOME": folders.root, "XDG_CACHE_HOME": folders.root + "/cache",
                                                "XDG_STATE_HOME": folders.root + "/state"])
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.errorLines)")
        let line = try #require(run.errorLines.first)
        #expect(line.contains(".filterocr-watch.journal") && line.contains("cannot be written")
                && line.contains("read-only") && !line.contains("cannot be read"), "\(line)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == "\n", "left as it was")
    }

    @Test("The outbox receives documents only: the journal is kept in the inbox, and one an earlier version left in the outbox is taken over")
    func outboxHoldsDocumentsOnly() async throws {
        let folders = try WatchFolders()
        try FileManager.default.createDirectory(atPath: folders.outbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.smallPage, toPath: folders.inbox + "/a.png")
        let first = try await folders.watch(["--keep", "--settle", "0"])
        #expect(await first.waitForLines(1, timeout: 120).count == 1)
        await first.stop()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.outbox) == ["a.pdf"])
        // An earlier version's journal, in the outbox, names a.png as finished.
        let journal = "/.filterocr-watch.journal"
        try FileManager.default.moveItem(atPath: folders.inbox + journal, toPath: folders.outbox + journal)
        let second = try await folders.watch(["--keep", "--settle", "0"])
        try drop(Self.smallPage, as: "b.png", into: folders.inbox)
        let lines = await second.waitForLines(1, timeout: 120)
        await second.stop()
        #expect(lines.count == 1 && lines[0].hasPrefix("b.png: ") && second.outputLines.count == 1, "\(second.outputLines)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.outbox).sorted() == ["a.pdf", "b.pdf"])
        #expect(FileManager.default.fileExists(atPath: folders.inbox + journal))
    }

    @Test("A second watcher on the same inbox refuses in one line; the first goes on")
    func secondWatcher() async throws {
        let folders = try WatchFolders()
        let first = try await folders.watch()
        let second = try await Command.filterocr(["watch", folders.inbox, "--to", folders.root + "/other", "--no-store"])
        #expect(second.status == 1)
        #expect(second.errorLines.count == 1 && second.errorLines[0].contains("is already watched"), "\(second.errorLines)")
        try drop(Self.smallPage, as: "a.png", into: folders.inbox)
        #expect(await first.waitForLines(1, timeout: 120).count == 1)
        await first.stop()
        #expect(folders.names(folders.outbox) == ["a.pdf"])
    }

    @Test("An inbox deleted or moved away ends the watcher with status 1 and a line that says so")
    func inboxGone() async throws {
        for how in ["deleted", "moved"] {
            let folders = try WatchFolders()
            let watcher = try await folders.watch()
            if how == "deleted" {
                try FileManager.default.removeItem(atPath: folders.inbox)
            } else {
                try FileManager.default.moveItem(atPath: folders.inbox, toPath: folders.root + "/elsewhere")
            }
            #expect(await watcher.waitForExit(timeout: 60), "\(how)")
            #expect(watcher.terminationStatus == 1)
            #expect(watcher.errorLines.contains { $0.contains("was deleted or moved away") }, "\(watcher.errorLines)")
        }
    }

    @Test("A damaged line in the journal costs that line only: the finished files are not read again")
    func damagedJournal() async throws {
        let folders = try WatchFolders()
        for name in ["a.png", "b.png"] { try FileManager.default.copyItem(atPath: Self.smallPage, toPath: folders.inbox + "/" + name) }
        let first = try await folders.watch(["--keep", "--settle", "0"])
        #expect(await first.waitForLines(2, timeout: 120).count == 2)
        await first.stop()
        let journal = folders.inbox + "/.filterocr-watch.journal"
        var damaged = try bytes(journal)
        damaged.insert(contentsOf: [0xFF, 0xFE, 0x0A], at: 0)
        damaged.append(contentsOf: [0x31, 0xC0, 0x0A])
        try damaged.write(to: URL(fileURLWithPath: journal))
        let second = try await folders.watch(["--keep", "--settle", "0"])
        try drop(Self.smallPage, as: "c.png", into: folders.inbox)
        let lines = await second.waitForLines(1, timeout: 120)
        await second.stop()
        #expect(lines.count == 1 && lines[0].hasPrefix("c.png: "), "\(second.outputLines)")
        #expect(second.outputLines.count == 1, "a and b not read again")
    }

    /// Makes a file whose name is `name`'s bytes, which need not be UTF-8, holding `contents`.
    private func create(bytes name: [UInt8], in folder: String, contents: Data) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        try #require(descriptor >= 0)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: contents)
        try handle.close()
    }

    @Test("Names that are not UTF-8, and names of 255 bytes, are read, moved on, and given outputs and reasons that fit")
    func awkwardNames() async throws {
        let folders = try WatchFolders()
        let watcher = try await folders.watch(["--settle", "0"])
        try create(bytes: Array("scan".utf8) + [0xFF] + Array(".png".utf8), in: folders.inbox, contents: bytes(Self.smallPage))
        let long = String(repeating: "n", count: 251) + ".png"
        try create(bytes: Array(long.utf8), in: folders.inbox, contents: bytes(Self.smallPage))
        let longBad = String(repeating: "b", count: 251) + ".png"
        try create(bytes: Array(longBad.utf8), in: folders.inbox, contents: Data("not an image".utf8))
        let lines = await watcher.waitForLines(3, timeout: 120)
        await watcher.stop()
        #expect(lines.count == 3, "\(watcher.outputLines)")
        #expect(lines.contains { $0.hasPrefix("scan\\xFF.png: 1 page → ") }, "\(lines)")
        let done = try await Command.run("/bin/ls", ["-b", folders.inbox + "/done"]).standardOutput
        #expect(done.split(separator: "\n").sorted() == [Substring(long), "scan\\377.png"], "moved on: \(done)")
        let outputs = try await Command.run("/bin/ls", ["-b", folders.outbox]).standardOutput.split(separator: "\n").sorted()
        #expect(outputs == [Substring(String(repeating: "n", count: 251) + ".pdf"), "scan\\377.pdf"], "\(outputs)")
        let failed = folders.names(folders.inbox + "/failed")
        #expect(failed.count == 2 && failed.contains(longBad), "\(failed)")
        let why = try #require(failed.first { $0.hasSuffix(".why") })
        #expect(why.utf8.count <= 255)
        #expect(try String(contentsOfFile: folders.inbox + "/failed/" + why, encoding: .utf8).contains("not an image"))
    }

    @Test("An empty file is left alone until it is written; then it is taken")
    func emptyFile() async throws {
        let folders = try WatchFolders()
        let watcher = try await folders.watch(["--settle", "1"])
        #expect(FileManager.default.createFile(atPath: folders.inbox + "/later.png", contents: nil))
        try drop(Self.smallPage, as: "marker.png", into: folders.inbox)
        #expect(await watcher.waitForLines(1, timeout: 120).first?.hasPrefix("marker.png: ") == true)
        #expect(folders.names(folders.inbox).contains("later.png"), "left alone")
        #expect(!FileManager.default.fileExists(atPath: folders.inbox + "/failed/later.png"))
        let handle = try #require(FileHandle(forWritingAtPath: folders.inbox + "/later.png"))
        try handle.write(contentsOf: try bytes(Self.smallPage))
        try handle.close()
        let lines = await watcher.waitForLines(2, timeout: 120)
        await watcher.stop()
        #expect(lines.count == 2 && lines[1].hasPrefix("later.png: 1 page → "), "\(lines)")
    }

    @Test("A writer that closes the file and opens it again for each chunk is waited for until it has been quiet")
    func closeAndReopenWriter() async throws {
        let folders = try WatchFolders()
        let watcher = try await folders.watch(["--settle", "2"])
        let source = try bytes(Self.smallPage)
        let path = folders.inbox + "/chunks.png"
        let chunk = source.count / 5 + 1
        for start in stride(from: 0, to: source.count, by: chunk) {
            // Opened, appended to and closed each time, as such a writer does (not created whole
            // elsewhere and renamed in, which would make it complete at once).
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            try #require(descriptor >= 0)
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
            try handle.write(contentsOf: source[start..<min(source.count, start + chunk)])
            try handle.close()
            // 0.7 s between chunks, under the settle time: the file is closed and incomplete.
            try await Task.sleep(for: .milliseconds(700))
        }
        let lines = await watcher.waitForLines(1, timeout: 120)
        await watcher.stop()
        #expect(lines.count == 1 && lines[0].hasPrefix("chunks.png: 1 page → "), "\(watcher.outputLines)")
        #expect(watcher.outputLines.count == 1, "taken once")
        #expect(try bytes(folders.inbox + "/done/chunks.png") == source, "moved whole")
        #expect(folders.names(folders.inbox + "/failed").isEmpty)
    }

    @Test("Originals moved to another file system are copied, flushed and removed; a move that fails is said and ends with status 1")
    func movesAcrossFileSystemsAndFailures() async throws {
        let folders = try WatchFolders()
        let other = "/dev/shm/filterocr-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: other) }
        var here = stat(), there = stat()
        #expect(stat(folders.root, &here) == 0)
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        #expect(stat(other, &there) == 0)
        try #require(here.st_dev != there.st_dev, "/dev/shm is another file system here")
        let watcher = try await folders.watch(["--settle", "0", "--done", other + "/done"])
        try drop(Self.smallPage, as: "a.png", into: folders.inbox)
        #expect(await watcher.waitForLines(1, timeout: 120).count == 1)
        #expect(try bytes(other + "/done/a.png") == bytes(Self.smallPage), "copied whole")
        #expect(!FileManager.default.fileExists(atPath: folders.inbox + "/a.png"), "and removed")
        // The done folder taken away: the next move fails, and says so.
        try FileManager.default.removeItem(atPath: other + "/done")
        try drop(Self.smallPage, as: "b.png", into: folders.inbox)
        #expect(await watcher.waitForError(containing: "b.png: read into", timeout: 120), "\(watcher.errorLines)")
        await watcher.stop()
        #expect(watcher.terminationStatus == 1)
        #expect(FileManager.default.fileExists(atPath: folders.inbox + "/b.png"), "the original stays in the inbox")
        #expect(folders.names(folders.outbox) == ["a.pdf", "b.pdf"])
    }
}
