import Foundation
import TestSupport
import Testing

/// `batch --shard I/N` on several processes, merged, is one run's output.
@Suite("Merging shards")
struct MergeTests {
    @Test("Three shards run as separate processes, merged, equal one run over all the inputs")
    func threeShards() throws {
        let folder = try Paths.temporaryDirectory()
        let document = folder + "/two-pages.pdf"
        let images = try Paths.imagesWithTruth().map(\.image).filter { !$0.hasSuffix("12mp.jpg") }
        try TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: document)
        let inputs = Array(images.prefix(4)) + [document] + Array(images.dropFirst(4))
        let shards = try (0..<3).map { index in
            try BackgroundProcess(Paths.filterocr, ["batch", "-j", "1", "--shard", "\(index)/3", "--store",
                                                    folder + "/shard-\(index).sqlite"] + inputs)
        }
        for (index, shard) in shards.enumerated() {
            #expect(shard.waitForExit(timeout: 600))
            try (shard.outputLines.joined(separator: "\n") + "\n").write(toFile: folder + "/shard-\(index).jsonl", atomically: true,
                                                                          encoding: .utf8)
        }
        let merged = try Command.filterocr(["merge"] + (0..<3).map { folder + "/shard-\($0).jsonl" })
        #expect(merged.status == 0)
        let one = try Command.filterocr(["batch", "--no-store"] + inputs)
        let (mergedLines, oneLines) = (try ResumeTests.withoutTimings(merged.standardOutput.split(separator: "\n").map(String.init)),
                                       try ResumeTests.withoutTimings(one.standardOutput.split(separator: "\n").map(String.init)))
        #expect(mergedLines.count == inputs.count + 1)
        #expect(mergedLines == oneLines)

        // The shards' stores merged answer a run over everything.
        let store = folder + "/merged.sqlite"
        let stores = try Command.filterocr(["merge", "--store", store] + (0..<3).map { folder + "/shard-\($0).sqlite" })
        #expect(stores.status == 0)
        let rerun = try Command.filterocr(["batch", "--store", store] + inputs)
        #expect(rerun.standardOutput.split(separator: "\n").allSatisfy { $0.contains("\"stored\":true") })
    }

    @Test("Shards' outputs in a wrong or incomplete set are refused in one line")
    func incompleteShards() throws {
        let folder = try Paths.temporaryDirectory()
        let first = folder + "/a.jsonl"
        try "{\"image\":\"a.png\"}\n{\"image\":\"c.png\"}\n{\"image\":\"e.png\"}\n".write(toFile: first, atomically: true, encoding: .utf8)
        let second = folder + "/b.jsonl"
        try "{\"image\":\"b.png\"}\n".write(toFile: second, atomically: true, encoding: .utf8)
        let result = try Command.filterocr(["merge", first, second])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1 && result.standardError.contains("shard order"))
    }
}
