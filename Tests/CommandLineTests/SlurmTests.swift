import Foundation
import TestSupport
import Testing

/// The Slurm recipe as users copy it (deploy/slurm/), run on a real one-node cluster.
@Suite("Slurm: a job array of shards and a dependent merge")
struct SlurmTests {
    @Test("An array of three shards over images and a PDF, merged by a dependent job, equals one run; its store answers a rerun")
    func jobArray() async throws {
        let folder = try Paths.temporaryDirectory()
        let cluster = folder + "/cluster"
        let start = try await Command.run(Paths.packageRoot + "/deploy/slurm/local-cluster.sh", ["start", cluster])
        // The cluster stops however the test ends.
        var failure: (any Error)?
        do { try await jobArray(in: folder, cluster: cluster, started: start) } catch { failure = error }
        _ = try? await Command.run(Paths.packageRoot + "/deploy/slurm/local-cluster.sh", ["stop", cluster])
        if let failure { throw failure }
    }

    private func jobArray(in folder: String, cluster: String, started start: CommandResult) async throws {
        try #require(start.status == 0, "the cluster did not start: \(start.standardError)")
        let slurm: [String: String?] = ["SLURM_CONF": cluster + "/slurm.conf", "FILTEROCR": Paths.filterocr]

        let document = folder + "/two-pages.pdf"
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: document)
        let images = try Paths.imagesWithTruth().map(\.image).filter { !$0.hasSuffix("12mp.jpg") }.prefix(4)
        let inputs = Array(images.prefix(2)) + [document] + Array(images.dropFirst(2))
        let list = folder + "/list.txt"
        try inputs.map { $0 + "\n" }.joined().write(toFile: list, atomically: true, encoding: .utf8)
        let out = folder + "/out"

        let submitted = try await Command.run(Paths.packageRoot + "/deploy/slurm/submit.sh", [list, out, "3"], environment: slurm)
        try #require(submitted.status == 0, "\(submitted.standardError)")
        let jobs = submitted.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
        try #require(jobs.count == 2)
        // The merge job ends last: it waits for every task of the array.
        var state = ""
        let ended = await BackgroundProcess.wait(timeout: 600) {
            let shown = (try? await Command.run("/usr/bin/scontrol", ["show", "job", jobs[1]], environment: slurm))?.standardOutput ?? ""
            state = shown.split(separator: " ").first { $0.hasPrefix("JobState=") }.map(String.init) ?? ""
            return ["COMPLETED", "FAILED", "CANCELLED", "TIMEOUT"].contains { state.hasSuffix($0) }
        }
        let controller = (try? String(contentsOfFile: cluster + "/slurmctld.log", encoding: .utf8))?.suffix(2000) ?? ""
        #expect(ended && state == "JobState=COMPLETED", "\(state); \(Self.logs(in: out)); slurmctld: \(controller)")

        let merged = try String(contentsOfFile: out + "/results.jsonl", encoding: .utf8)
        let one = try await Command.filterocr(["batch", "--no-store", "--no-feed", "-"], inputPath: list)
        let (mergedLines, oneLines) = (try ResumeTests.withoutTimings(merged.split(separator: "\n").map(String.init)),
                                       try ResumeTests.withoutTimings(one.standardOutput.split(separator: "\n").map(String.init)))
        #expect(mergedLines.count == inputs.count + 1, "one line an image, one a page")
        #expect(mergedLines == oneLines)

        let rerun = try await Command.filterocr(["batch", "--no-feed", "--store", out + "/results.sqlite"] + inputs)
        #expect(rerun.status == 0)
        let lines = rerun.standardOutput.split(separator: "\n")
        #expect(lines.count == inputs.count + 1 && lines.allSatisfy { $0.contains(#""stored":true"#) },
                "every recognition answered from the merged store")
    }

    private static func logs(in folder: String) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".log") }.sorted() ?? []
        return names.map { name in
            name + ": " + ((try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "")
        }.joined(separator: "\n")
    }
}
