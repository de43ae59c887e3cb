import Foundation
import TestSupport
import Testing

/// `batch --shard auto` through the binary: hostile values of the engines' variables are one line
/// and exit status 2, never a trap, and auto/N reads the engine it is asked for.
@Suite("--shard auto: the engine's variables checked, the engine asked for read")
struct CommandLineShardTests {
    /// No engine's variable from the environment the tests run in.
    private static let noEngine: [String: String?] = [
        "SLURM_ARRAY_TASK_ID": nil, "SLURM_ARRAY_TASK_MIN": nil, "SLURM_ARRAY_TASK_COUNT": nil,
        "JOB_COMPLETION_INDEX": nil, "PARALLEL_SEQ": nil,
    ]

    @Test("A variable that is not a whole number in range is refused in one line naming it and its value", arguments: [
        ("auto", "SLURM_ARRAY_TASK_MIN", "-9223372036854775808"),
        ("auto", "SLURM_ARRAY_TASK_MIN", "abc"),
        ("auto", "SLURM_ARRAY_TASK_ID", "99999999999999999999"),
        ("auto", "SLURM_ARRAY_TASK_COUNT", "0"),
        ("auto/3", "PARALLEL_SEQ", "0"),
        ("auto/3", "JOB_COMPLETION_INDEX", "-1"),
    ])
    func hostileVariable(form: String, name: String, value: String) async throws {
        let image = try #require(try Paths.imagesWithTruth().first?.image)
        var environment = Self.noEngine
        if form == "auto" {
            environment.merge(["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "3"]) { $1 }
        }
        environment[name] = value
        let result = try await Command.filterocr(["batch", "--no-store", "--no-feed", "--shard", form, image], environment: environment)
        #expect(result.status == 2, "no trap (132), no share read as 0: \(result.standardError)")
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("\(name)='\(value)'"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("A Slurm task past its array's count is refused with the variables it came from")
    func taskOutsideArray() async throws {
        let image = try #require(try Paths.imagesWithTruth().first?.image)
        var environment = Self.noEngine
        environment.merge(["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_MIN": "0",
                           "SLURM_ARRAY_TASK_COUNT": "4"]) { $1 }
        let result = try await Command.filterocr(["batch", "--no-store", "--no-feed", "--shard", "auto", image], environment: environment)
        #expect(result.status == 2 && result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("SLURM_ARRAY_TASK_ID=9223372036854775807"))
        #expect(result.standardError.contains("--array=0-3"))
    }

    @Test("auto/N in a GNU parallel job inside a Slurm task takes parallel's PARALLEL_SEQ, not the task's share")
    func parallelInsideSlurm() async throws {
        let images = try Paths.imagesWithTruth().map(\.image).filter { !$0.hasSuffix("12mp.jpg") }.prefix(3)
        var environment = Self.noEngine
        environment.merge(["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "1",
                           "PARALLEL_SEQ": "3"]) { $1 }
        let result = try await Command.filterocr(["batch", "--no-store", "--no-feed", "--shard", "auto/3"] + images,
                                           environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("shard 2/3 from PARALLEL_SEQ=3"), "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(#""index":2"#) && lines[0].contains(images[images.startIndex + 2]))
    }

    @Test("auto/N with a Kubernetes index and a GNU parallel job both set is refused in one line")
    func twoEngines() async throws {
        let image = try #require(try Paths.imagesWithTruth().first?.image)
        var environment = Self.noEngine
        environment.merge(["JOB_COMPLETION_INDEX": "1", "PARALLEL_SEQ": "2"]) { $1 }
        let result = try await Command.filterocr(["batch", "--no-store", "--no-feed", "--shard", "auto/4", image], environment: environment)
        #expect(result.status == 2 && result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("JOB_COMPLETION_INDEX=1") && result.standardError.contains("PARALLEL_SEQ=2"))
    }
}
