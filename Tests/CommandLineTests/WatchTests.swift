import Foundation
import TestSupport
import Testing

/// `filterocr watch`: a hot folder with real files, real inotify and real signals.
@Suite("A hot folder")
struct WatchTests {
    /// A small page that Tesseract reads quickly: a word in large black letters.
    private static let smallPage = Paths.images + "/app_screenshot.png"

    @Test("A file written slowly, in chunks over seconds, is taken once, after it is complete")
    func slowWriter() async throws {
        let folders = try WatchFolders()
        let watcher = try await folders.watch(["--settle", "2"])
        let source = try Data(contentsOf: URL(fileURLWithPath: Self.smallPage))
        let path = folders.inbox + "/slow.png"
        let handle = try #require(FileHandle(forWritingAtPath: { FileManager.default.createFile(atPath: path, contents: nil); return path }()))
        let chunk = source.count / 5 + 1
        for start in stride(from: 0, to: source.count, by: chunk) {
            try handle.write(contentsOf: source[start..<min(source.count, start + chunk)])
            try handle.synchronize()
            // Half a second between chunks, each under the settle time: the file stays open and
            // incomplete for two seconds.
            try await Task.sleep(for: .milliseconds(500))
        }
        try handle.close()
        let lines = await watcher.waitForLines(1, timeout: 120)
        #expect(lines.count == 1 && lines[0].hasPrefix("slow.png: 1 page → "), "\(lines)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folders.inbox + "/done/slow.png")) == source, "moved whole")
        #expect(folders.names(folders.outbox) == ["slow.pdf"])
        await watcher.stop()
        #expect(watcher.outputLines.count == 1, "taken once: \(watcher.outputLines)")
    }

    @Test("A hundred files dropped at once all arrive, each once")
    func hundredFiles() async throws {
        let folders = try WatchFolders()
        let watcher = try await folders.watch(["-j", "2"])
        let source = try Data(contentsOf: URL(fileURLWithPath: Self.smallPage))
        let names = (0..<100).map { String(format: "page-%03d.png", $0) }
        for name in names { try source.write(to: URL(fileURLWithPath: folders.inbox + "/" + name)) }
        let lines = await watcher.waitForLines(100, timeout: 600)
        #expect(lines.count == 100)
        #expect(Set(lines.compactMap { $0.split(separator: ":").first.map(String.init) }) == Set(names), "each file once")
        #expect(folders.names(folders.outbox) == names.map { $0.replacingOccurrences(of: ".png", with: ".pdf") })
        #expect(folders.names(folders.inbox + "/done") == names)
        await watcher.stop()
        #expect(watcher.outputLines.count == 100)
    }

    @Test("A watcher killed in the middle and started again loses no file and reads none twice")
    func restart() async throws {
        let folders = try WatchFolders()
        let names = (0..<12).map { "scan-\($0).png" }
        let images = try Paths.imagesWithTruth().map(\.image).filter { $0.hasSuffix(".png") }
        for (index, name) in names.enumerated() {
            try FileManager.default.copyItem(atPath: images[index % images.count], toPath: folders.inbox + "/" + name)
        }
        let first = try await folders.watch(["--settle", "0"])
        _ = await first.waitForLines(3, timeout: 300)
        kill(first.processIdentifier, SIGKILL)
        #expect(await first.waitForExit(timeout: 30))
        let before = first.outputLines
        #expect(before.count >= 3 && before.count < names.count, "killed in the middle: \(before)")

        let second = try await folders.watch(["--settle", "0"])
        let after = await second.waitForLines(names.count - before.count, timeout: 600)
        await second.stop()
        let lines = before + after
        #expect(lines.count == names.count, "\(lines)")
        #expect(Set(lines.compactMap { $0.split(separator: ":").first.map(String.init) }) == Set(names), "each file once")
        #expect(folders.names(folders.inbox + "/done") == names.sorted())
        #expect(folders.names(folders.outbox) == names.map { $0.replacingOccurrences(of: ".png", with: ".pdf") }.sorted())
        #expect(folders.names(folders.inbox).allSatisfy { ["done", "failed"].contains($0) }, "nothing left behind")
    }

    @Test("A watcher killed between renaming a document into the outbox and recording its file takes the file as finished; one killed before the rename reads it again")
    func killedAroundRename() async throws {
        let folders = try WatchFolders()
        try FileManager.default.createDirectory(atPath: folders.outbox, withIntermediateDirectories: true)
        for name in ["renamed.png", "unrenamed.png"] {
            try FileManager.default.copyItem(atPath: Self.smallPage, toPath: folders.inbox + "/" + name)
        }
        // What a watcher (a process that has ended) leaves when killed after its journal said
        // which temporary was about to be renamed: for renamed.png, after the rename (its document
        // is in place, the temporary gone); for unrenamed.png, before it (the temporary is there).
        let ended = try await BackgroundProcess("/bin/true", [])
        #expect(await ended.waitForExit(timeout: 60))
        let stem = ".filterocr-watch-\(ended.processIdentifier)-"
        try Data("renamed".utf8).write(to: URL(fileURLWithPath: folders.outbox + "/renamed.pdf"))
        try Data("half".utf8).write(to: URL(fileURLWithPath: folders.outbox + "/\(stem)2.pdf"))
        let journal = try ["renamed.png": "\(stem)1.pdf", "unrenamed.png": "\(stem)2.pdf"].map { name, temporary in
            let attributes = try FileManager.default.attributesOfItem(atPath: folders.inbox + "/" + name)
            var status = stat()
            #expect(stat(folders.inbox + "/" + name, &status) == 0)
            return "\(attributes[.size] as! Int)@\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)>\(temporary) \(name)\n"
        }.joined()
        try Data(journal.utf8).write(to: URL(fileURLWithPath: folders.inbox + "/.filterocr-watch.journal"))

        let watcher = try await folders.watch(["--settle", "0"])
        let lines = await watcher.waitForLines(2, timeout: 300)
        await watcher.stop()
        #expect(lines.sorted().first?.hasPrefix("renamed.png: finished before the restart") == true, "\(lines)")
        #expect(lines.sorted().last?.hasPrefix("unrenamed.png: 1 page → ") == true, "\(lines)")
        #expect(folders.names(folders.outbox) == ["renamed.pdf", "unrenamed.pdf"], "no document twice")
        #expect(try String(contentsOfFile: folders.outbox + "/renamed.pdf", encoding: .utf8) == "renamed", "left as it was")
        let hidden = try FileManager.default.contentsOfDirectory(atPath: folders.outbox).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "the temporary left behind is removed: \(hidden)")
        #expect(folders.names(folders.inbox + "/done") == ["renamed.png", "unrenamed.png"])
    }

    @Test("A file that cannot be read lands in failed/ with its reason beside it; the others go on")
    func badFile() async throws {
        let folders = try WatchFolders()
        // Held first, as a file being written may be, then given up on once left alone for 10 × 0.5 s.
        let watcher = try await folders.watch(["--settle", "0.5"])
        try Data("this is not an image".utf8).write(to: URL(fileURLWithPath: folders.inbox + "/notes.png"))
        try FileManager.default.copyItem(atPath: Self.smallPage, toPath: folders.inbox + "/good.png")
        let lines = await watcher.waitForLines(2, timeout: 120)
        await watcher.stop()
        #expect(lines.contains { $0.hasPrefix("notes.png: failed: ") && $0.contains("not an image") }, "\(lines)")
        #expect(folders.names(folders.inbox + "/failed") == ["notes.png", "notes.png.why"])
        let why = try String(contentsOfFile: folders.inbox + "/failed/notes.png.why", encoding: .utf8)
        #expect(why.contains("is not an image") && why.hasSuffix("\n") && why.split(separator: "\n").count == 1)
        #expect(folders.names(folders.outbox) == ["good.pdf"])
        #expect(watcher.errorLines.contains { $0.hasPrefix("notes.png: not read (") && $0.contains("held in the inbox") },
                "\(watcher.errorLines)")
    }

    @Test("A scan appended in chunks with pauses longer than the settle time is held while it does not read, and read once, whole")
    func slowAppender() async throws {
        let folders = try WatchFolders()
        let watcher = try await folders.watch(["--settle", "0.5"])
        let source = try Data(contentsOf: URL(fileURLWithPath: Self.smallPage))
        let path = folders.inbox + "/slow_append.png"
        let chunk = source.count / 4 + 1
        for start in stride(from: 0, to: source.count, by: chunk) {
            // A scanner that opens the file, appends a chunk and closes it, then pauses for
            // three settle times: each chunk but the last leaves a file that does not read.
            let handle: FileHandle
            if start == 0 {
                FileManager.default.createFile(atPath: path, contents: nil)
            }
            handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: source[start..<min(source.count, start + chunk)])
            try handle.close()
            if start + chunk < source.count { try await Task.sleep(for: .milliseconds(1500)) }
        }
        let lines = await watcher.waitForLines(1, timeout: 120)
        await watcher.stop()
        #expect(lines.count == 1 && lines[0].hasPrefix("slow_append.png: 1 page → "), "\(lines) \(watcher.errorLines)")
        #expect(watcher.outputLines.count == 1, "read once: \(watcher.outputLines)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folders.inbox + "/done/slow_append.png")) == source, "moved whole")
        #expect(folders.names(folders.inbox + "/failed").isEmpty)
        #expect(folders.names(folders.outbox) == ["slow_append.pdf"])
    }

    @Test("SIGTERM finishes the file being read, leaves the waiting ones for the next start, and exits 0")
    func termination() async throws {
        let folders = try WatchFolders()
        let watcher = try await folders.watch(["-j", "1", "--settle", "0"])
        try FileManager.default.copyItem(atPath: Paths.images + "/document_photo_12mp.jpg",
                                         toPath: folders.inbox + "/photo.jpg")
        // In flight once its document's temporary file is in the outbox.
        let reading = await BackgroundProcess.wait(timeout: 120) {
            ((try? FileManager.default.contentsOfDirectory(atPath: folders.outbox)) ?? []).contains { $0.hasSuffix(".tmp") }
        }
        #expect(reading)
        try FileManager.default.copyItem(atPath: Self.smallPage, toPath: folders.inbox + "/waiting.png")
        kill(watcher.processIdentifier, SIGTERM)
        #expect(await watcher.waitForExit(timeout: 300))
        #expect(watcher.terminationStatus == 0)
        #expect(watcher.outputLines.count == 1 && watcher.outputLines[0].hasPrefix("photo.jpg: 1 page → "), "\(watcher.outputLines)")
        #expect(folders.names(folders.outbox) == ["photo.pdf"], "finished whole")
        #expect(folders.names(folders.inbox + "/done") == ["photo.jpg"])
        #expect(folders.names(folders.inbox).contains("waiting.png"), "left for the next start")
    }

    @Test("Ctrl-C says which file it stops after, and a second Ctrl-C stops at once, the file left in the inbox whole")
    func secondInterrupt() async throws {
        let folders = try WatchFolders()
        let watcher = try await folders.watch(["-j", "1", "--settle", "0"])
        let source = try Data(contentsOf: URL(fileURLWithPath: Paths.images + "/document_photo_12mp.jpg"))
        try source.write(to: URL(fileURLWithPath: folders.inbox + "/scan.jpg"))
        // In flight once its document's temporary file is in the outbox.
        let reading = await BackgroundProcess.wait(timeout: 120) {
            ((try? FileManager.default.contentsOfDirectory(atPath: folders.outbox)) ?? []).contains { $0.hasSuffix(".tmp") }
        }
        try #require(reading)
        kill(watcher.processIdentifier, SIGINT)
        #expect(await watcher.waitForError(containing: "stopping after scan.jpg (Ctrl-C again to stop now)", timeout: 30),
                "\(watcher.errorLines)")
        #expect(watcher.isRunning, "the first Ctrl-C finishes the file")
        kill(watcher.processIdentifier, SIGINT)
        #expect(await watcher.waitForExit(timeout: 30), "the second stops at once")
        #expect(watcher.outputLines.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folders.inbox + "/scan.jpg")) == source, "left in the inbox, whole")
        #expect(folders.names(folders.outbox).isEmpty && folders.names(folders.inbox + "/done").isEmpty)
        // The outbox receives finished documents only: the temporary ones go with the process.
        let left = try FileManager.default.contentsOfDirectory(atPath: folders.outbox)
        #expect(left.isEmpty, "nothing left in the outbox, hidden or not: \(left)")
        #expect(watcher.terminationStatus == SIGINT, "ended by the second Ctrl-C, as its status says")
    }

    @Test("With --keep the originals stay where they are, and a restart reads none of them again")
    func keepOriginals() async throws {
        let folders = try WatchFolders()
        for name in ["a.png", "b.png"] { try FileManager.default.copyItem(atPath: Self.smallPage, toPath: folders.inbox + "/" + name) }
        let first = try await folders.watch(["--keep", "--settle", "0"])
        #expect(await first.waitForLines(2, timeout: 120).count == 2)
        await first.stop()
        #expect(folders.names(folders.inbox) == ["a.png", "b.png", "failed"], "left in place")
        try FileManager.default.copyItem(atPath: Self.smallPage, toPath: folders.inbox + "/c.png")
        let second = try await folders.watch(["--keep", "--settle", "0"])
        let lines = await second.waitForLines(1, timeout: 120)
        await second.stop()
        #expect(lines.count == 1 && lines[0].hasPrefix("c.png: "), "only the new file: \(second.outputLines)")
        #expect(second.outputLines.count == 1)
        #expect(folders.names(folders.outbox) == ["a.pdf", "b.pdf", "c.pdf"])
    }
}
