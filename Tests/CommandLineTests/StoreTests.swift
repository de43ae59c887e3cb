import Foundation
import TestSupport
import Testing

/// The result store as the commands use it: answers instead of recognitions, shared by
/// processes, and never a reason for a run to fail.
@Suite("The result store from the command line")
struct StoreTests {
    private static func lines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// A line without its timings, as comparable JSON.
    private static func withoutTimings(_ line: [String: Any]) throws -> String {
        var line = line
        line["timings"] = nil
        return String(decoding: try JSONSerialization.data(withJSONObject: line, options: .sortedKeys), as: UTF8.self)
    }

    private static func stored(_ line: [String: Any]) -> Bool {
        (line["timings"] as? [String: Any])?["stored"] as? Bool == true
    }

    @Test("A second run answers every image from the store, with the same JSON Lines apart from timings")
    func secondRunFromStore() async throws {
        let folder = try Paths.temporaryDirectory()
        let images = try Paths.imagesWithTruth().prefix(4).map(\.image)
        let store = folder + "/results.sqlite"
        let first = try await Command.filterocr(["batch", "--store", store] + images)
        let second = try await Command.filterocr(["batch", "--store", store] + images)
        #expect(first.status == 0 && second.status == 0)
        let (before, after) = (try Self.lines(first.standardOutput), try Self.lines(second.standardOutput))
        #expect(before.count == images.count && after.count == images.count)
        #expect(before.allSatisfy { !Self.stored($0) })
        #expect(after.allSatisfy(Self.stored))
        #expect(try before.map(Self.withoutTimings) == after.map(Self.withoutTimings))
    }

    @Test("A file answered without decoding is known by its bytes: changed, it is read again; copied, the copy is answered under its own name")
    func renderingsFollowTheBytes() async throws {
        let folder = try Paths.temporaryDirectory()
        let store = folder + "/results.sqlite"
        let images = try Paths.imagesWithTruth().prefix(2).map(\.image)
        let page = folder + "/page.png"
        try FileManager.default.copyItem(atPath: images[0], toPath: page)
        let first = try Self.lines(try await Command.filterocr(["batch", "--no-truth", "--store", store, page]).standardOutput)
        try FileManager.default.removeItem(atPath: page)
        try FileManager.default.copyItem(atPath: images[1], toPath: page)
        let changed = try #require(try Self.lines(try await Command.filterocr(["batch", "--no-truth", "--store", store, page]).standardOutput).first)
        #expect(!Self.stored(changed))
        let alone = try #require(try Self.lines(try await Command.filterocr(["batch", "--no-truth", "--no-store", images[1]]).standardOutput).first)
        #expect(changed["text"] as? String == alone["text"] as? String)
        #expect(changed["text"] as? String != first.first?["text"] as? String)

        let copy = folder + "/copy.png"
        try FileManager.default.copyItem(atPath: page, toPath: copy)
        let copied = try #require(try Self.lines(try await Command.filterocr(["batch", "--no-truth", "--store", store, copy]).standardOutput).first)
        #expect(Self.stored(copied))
        #expect((copied["timings"] as? [String: Any])?["decode"] as? Double == 0)
        #expect(copied["image"] as? String == copy)
        #expect(copied["text"] as? String == alone["text"] as? String)
        let filtered = try #require(try Self.lines(try await Command.filterocr(["batch", "--no-truth", "--store", store, "--ops", "blur",
                                                                           copy]).standardOutput).first)
        #expect(!Self.stored(filtered), "another script is another rendering")
    }

    @Test("--auto run again answers every candidate from the store, says so, and chooses the same")
    func autoFromStore() async throws {
        let folder = try Paths.temporaryDirectory()
        let store = folder + "/results.sqlite"
        let image = try #require(try Paths.imagesWithTruth().first).image
        var runs: [[String: Any]] = []
        for _ in 0..<2 {
            runs.append(try #require(try Self.lines(try await Command.filterocr(["batch", "--auto", "--store", store, image]).standardOutput).first))
        }
        #expect(!Self.stored(runs[0]) && Self.stored(runs[1]))
        #expect(runs[0]["script"] as? String == runs[1]["script"] as? String)
        #expect(runs[0]["text"] as? String == runs[1]["text"] as? String)
    }

    @Test("The default store is in XDG_CACHE_HOME; --no-store keeps none and reads none")
    func defaultStoreAndNoStore() async throws {
        let folder = try Paths.temporaryDirectory()
        let image = try #require(try Paths.imagesWithTruth().first).image
        let cache = folder + "/cache"
        let none = try await Command.filterocr(["ocr", "--no-store", image], environment: ["XDG_CACHE_HOME": cache])
        #expect(none.status == 0)
        #expect(!FileManager.default.fileExists(atPath: cache + "/filterocr/results.sqlite"))
        let kept = try await Command.filterocr(["ocr", "--json", image], environment: ["XDG_CACHE_HOME": cache])
        #expect(FileManager.default.fileExists(atPath: cache + "/filterocr/results.sqlite"))
        let again = try await Command.filterocr(["ocr", "--json", image], environment: ["XDG_CACHE_HOME": cache])
        #expect(Self.stored(try #require(try Self.lines(again.standardOutput).first)))
        #expect(!Self.stored(try #require(try Self.lines(kept.standardOutput).first)))
        let shown = try await Command.filterocr(["store", "show", "--json"], environment: ["XDG_CACHE_HOME": cache])
        let summary = try #require(try JSONSerialization.jsonObject(with: shown.outputData) as? [String: Any])
        #expect(summary["recognitions"] as? Int == 1)
    }

    @Test("Two processes writing one store at once lose nothing")
    func concurrentProcesses() async throws {
        let folder = try Paths.temporaryDirectory()
        let store = folder + "/results.sqlite"
        let strips = try await TestDocuments.strips(of: Paths.images + "/book_page.png", count: 16, in: folder)
        let halves = [Array(strips.prefix(8)), Array(strips.suffix(8))]
        var writers: [BackgroundProcess] = []
        for half in halves { writers.append(try await BackgroundProcess(Paths.filterocr, ["batch", "-j", "1", "--store", store] + half)) }
        for writer in writers {
            #expect(await writer.waitForExit(timeout: 300))
            #expect(writer.terminationStatus == 0)
            #expect(writer.errorLines.isEmpty)
        }
        let shown = try await Command.filterocr(["store", "show", "--json", "--store", store])
        let summary = try #require(try JSONSerialization.jsonObject(with: shown.outputData) as? [String: Any])
        #expect(summary["recognitions"] as? Int == 16)
        let rerun = try await Command.filterocr(["batch", "--store", store] + strips)
        #expect(try Self.lines(rerun.standardOutput).filter(Self.stored).count == 16)
    }

    @Test("A damaged store is set aside with one line, and the batch reads every image")
    func damagedStore() async throws {
        let folder = try Paths.temporaryDirectory()
        let store = folder + "/results.sqlite"
        try Data(repeating: 0xA5, count: 10_000).write(to: URL(fileURLWithPath: store))
        let images = try Paths.imagesWithTruth().prefix(2).map(\.image)
        let result = try await Command.filterocr(["batch", "--store", store] + images)
        #expect(result.status == 0)
        #expect(try Self.lines(result.standardOutput).count == 2)
        #expect(result.errorLines.count == 1)
        #expect(result.errorLines.first?.contains("is damaged") == true)
        #expect(result.errorLines.first?.contains("set aside as") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.contains { $0.hasPrefix("results.sqlite.damaged-") })
        let rerun = try await Command.filterocr(["batch", "--store", store] + images)
        #expect(try Self.lines(rerun.standardOutput).allSatisfy(Self.stored))
    }

    @Test("A store that cannot be opened is said once and the run goes on without it")
    func unusableStore() async throws {
        let folder = try Paths.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/results.sqlite", withIntermediateDirectories: true)
        let image = try #require(try Paths.imagesWithTruth().first).image
        let result = try await Command.filterocr(["ocr", "--store", folder + "/results.sqlite", image])
        #expect(result.status == 0)
        #expect(!result.standardOutput.isEmpty)
        #expect(result.errorLines.count == 1)
        #expect(result.errorLines.first?.contains("recognising without it") == true)
    }

    @Test("A store on a read-only file system is said to be so, not to need chmod; store show reads it all the same")
    func readOnlyFileSystem() async throws {
        let work = try Paths.temporaryDirectory()
        let (disk, results) = (work + "/disk", work + "/results")
        for folder in [disk, results] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        // A tmpfs of the test's own (a mount namespace that only this shell sees), made
        // read-only once a recognition has filled its store.
        let script = """
            set -u
            mount -t tmpfs -o size=8m tmpfs "$DISK" || exit 97
            "$FILTEROCR" ocr --no-feed --store "$DISK/s.sqlite" "$IMAGE" > /dev/null 2> "$RESULTS/first" || exit 98
            mount -o remount,ro "$DISK" || exit 99
            "$FILTEROCR" store show --store "$DISK/s.sqlite" > "$RESULTS/show" 2> "$RESULTS/show-errors"
            echo $? > "$RESULTS/show-status"
            "$FILTEROCR" ocr --no-feed --store "$DISK/s.sqlite" "$IMAGE" > /dev/null 2> "$RESULTS/ocr-errors"
            echo $? > "$RESULTS/ocr-status"
            """
        let shell = try await Command.run("/usr/bin/unshare", ["--user", "--map-root-user", "--mount", "/bin/bash", "-c", script],
                                    environment: ["DISK": disk, "RESULTS": results, "FILTEROCR": Paths.filterocr,
                                                  "IMAGE": Paths.images + "/price_tag.bmp"])
        #expect(shell.status == 0, "\(shell.standardError)")
        let read = { (name: String) in (try? String(contentsOfFile: results + "/" + name, encoding: .utf8)) ?? "" }
        #expect(read("show-status") == "0\n", "\(read("show-errors"))")
        #expect(read("show").contains("recognitions: 1,"), "\(read("show"))")
        #expect(read("show-errors") == "result store \(disk)/s.sqlite cannot be written; shown as it is\n")
        #expect(read("ocr-status") == "0\n")
        #expect(read("ocr-errors").contains("on a read-only file system") && !read("ocr-errors").contains("chmod"),
                "\(read("ocr-errors"))")
    }

    @Test("store prune keeps the store under a size, least recently used out first")
    func pruneToSize() async throws {
        let folder = try Paths.temporaryDirectory()
        let store = folder + "/results.sqlite"
        let images = try Paths.imagesWithTruth().prefix(3).map(\.image)
        _ = try await Command.filterocr(["batch", "--store", store] + images)
        let pruned = try await Command.filterocr(["store", "prune", "--store", store, "--to", "1"])
        #expect(pruned.status == 0)
        #expect(pruned.standardOutput.contains("removed 3 recognitions"))
        let bad = try await Command.filterocr(["store", "prune", "--store", store, "--to", "lots"])
        #expect(bad.status == 2)
        #expect(bad.errorLines.count == 1 && bad.standardError.contains("500M"))
    }
}
