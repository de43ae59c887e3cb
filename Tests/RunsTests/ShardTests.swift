import Runs
import Testing

/// `--shard`: an explicit share, and `auto`'s reading of the engine's variables, each rule a test.
@Suite("Shards: I/N and auto from the engine's environment")
struct ShardTests {
    private let noEngine: [String: String] = [:]

    @Test("I/N is the share whose positions are I modulo N")
    func explicitShare() throws {
        let shard = try Shard("2/3", environment: noEngine)
        #expect(shard.index == 2 && shard.count == 3 && shard.source == nil)
        #expect([0, 1, 2, 3, 4, 5].filter(shard.includes) == [2, 5])
    }

    @Test("I/N out of range, without shares or not a fraction is refused", arguments: [
        ("3/3", ShardError.outOfRange("3/3", count: 3)),
        ("-1/3", .outOfRange("-1/3", count: 3)),
        ("0/0", .noShards("0/0")),
        ("1/2/3", .notIOverN("1/2/3")),
        ("half", .notIOverN("half")),
        ("auto/x", .notIOverN("auto/x")),
        ("auto/0", .noShards("auto/0")),
        ("auto/3/1", .notIOverN("auto/3/1")),
    ])
    func refusedText(text: String, error: ShardError) {
        #expect(throws: error) { try Shard(text, environment: ["PARALLEL_SEQ": "1"]) }
    }

    @Test("auto is a Slurm array's task, counted from the array's first ID, of the array's count")
    func slurmArray() throws {
        let shard = try Shard("auto", environment: ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4",
                                                    "SLURM_ARRAY_TASK_COUNT": "3"])
        #expect(shard.index == 1 && shard.count == 3)
        #expect(shard.source == "SLURM_ARRAY_TASK_ID=5, SLURM_ARRAY_TASK_MIN=4, SLURM_ARRAY_TASK_COUNT=3")
        let fromZero = try Shard("auto", environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"])
        #expect(fromZero.index == 2 && fromZero.count == 4)
        #expect(fromZero.source == "SLURM_ARRAY_TASK_ID=2, SLURM_ARRAY_TASK_COUNT=4")
    }

    @Test("auto reads Slurm alone: a PARALLEL_SEQ inherited through sbatch does not change the task's share")
    func slurmIgnoresParallel() throws {
        let shard = try Shard("auto", environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4",
                                                    "PARALLEL_SEQ": "3", "JOB_COMPLETION_INDEX": "0"])
        #expect(shard.index == 1 && shard.count == 4)
    }

    @Test("auto outside a Slurm array, beside another engine's variable, asks for auto/N")
    func slurmFormWithoutSlurm() {
        #expect(throws: ShardError.countNeeded("auto", found: "PARALLEL_SEQ=2")) {
            try Shard("auto", environment: ["PARALLEL_SEQ": "2"])
        }
        #expect(throws: ShardError.noEngine("auto")) { try Shard("auto", environment: noEngine) }
        #expect(throws: ShardError.missingVariable("auto", found: "SLURM_ARRAY_TASK_ID=1", missing: "SLURM_ARRAY_TASK_COUNT")) {
            try Shard("auto", environment: ["SLURM_ARRAY_TASK_ID": "1"])
        }
    }

    @Test("auto/N is GNU parallel's job (PARALLEL_SEQ from 1) or Kubernetes' completion index")
    func parallelAndKubernetes() throws {
        let parallel = try Shard("auto/4", environment: ["PARALLEL_SEQ": "3"])
        #expect(parallel.index == 2 && parallel.count == 4 && parallel.source == "PARALLEL_SEQ=3")
        let kubernetes = try Shard("auto/4", environment: ["JOB_COMPLETION_INDEX": "3"])
        #expect(kubernetes.index == 3 && kubernetes.count == 4 && kubernetes.source == "JOB_COMPLETION_INDEX=3")
    }

    @Test("auto/N under GNU parallel inside a Slurm task takes parallel's job, not the task: each job its own share")
    func parallelInsideSlurm() throws {
        let slurm = ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "1"]
        let shares = try (1...3).map { sequence in
            try Shard("auto/3", environment: slurm.merging(["PARALLEL_SEQ": "\(sequence)"]) { $1 }).index
        }
        #expect(shares == [0, 1, 2])
    }

    @Test("auto/N with both a Kubernetes index and a GNU parallel job is refused: either would repeat shares")
    func parallelInsideKubernetes() {
        #expect(throws: ShardError.twoEngines("auto/4", kubernetes: "JOB_COMPLETION_INDEX=1", parallel: "PARALLEL_SEQ=2")) {
            try Shard("auto/4", environment: ["JOB_COMPLETION_INDEX": "1", "PARALLEL_SEQ": "2"])
        }
    }

    @Test("auto/N with Slurm's variables alone takes the task only when N is the array's count")
    func slurmAloneForAutoN() throws {
        let slurm = ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "4"]
        let shard = try Shard("auto/4", environment: slurm)
        #expect(shard.index == 2 && shard.count == 4)
        #expect(throws: ShardError.slurmCountDiffers("auto/8", given: 8, slurm: 4)) { try Shard("auto/8", environment: slurm) }
    }

    @Test("An unset or empty variable is absent")
    func emptyIsAbsent() throws {
        let shard = try Shard("auto/2", environment: ["JOB_COMPLETION_INDEX": "", "PARALLEL_SEQ": "2", "SLURM_ARRAY_TASK_ID": ""])
        #expect(shard.index == 1 && shard.source == "PARALLEL_SEQ=2")
    }

    @Test("A variable that is not a whole number in its range is refused by name and value, never read as 0 nor trapped on",
          arguments: [
              ("auto", "SLURM_ARRAY_TASK_MIN", "-9223372036854775808", 0),
              ("auto", "SLURM_ARRAY_TASK_MIN", "abc", 0),
              ("auto", "SLURM_ARRAY_TASK_MIN", "-1", 0),
              ("auto", "SLURM_ARRAY_TASK_ID", "9223372036854775808", 0),
              ("auto", "SLURM_ARRAY_TASK_ID", "+1", 0),
              ("auto", "SLURM_ARRAY_TASK_ID", " 1", 0),
              ("auto", "SLURM_ARRAY_TASK_ID", "1\n", 0),
              ("auto", "SLURM_ARRAY_TASK_ID", "\u{0663}", 0),
              ("auto", "SLURM_ARRAY_TASK_COUNT", "0", 1),
              ("auto", "SLURM_ARRAY_TASK_COUNT", "1e3", 1),
              ("auto/4", "PARALLEL_SEQ", "0", 1),
              ("auto/4", "PARALLEL_SEQ", "-9223372036854775808", 1),
              ("auto/4", "JOB_COMPLETION_INDEX", "-1", 0),
              ("auto/4", "JOB_COMPLETION_INDEX", "0x1", 0),
          ])
    func invalidVariable(text: String, name: String, value: String, lowest: Int) throws {
        var environment = text == "auto"
            ? ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "2"] : [:]
        environment[name] = value
        let error = try #require(throws: ShardError.self) { try Shard(text, environment: environment) }
        let shown = value.replacingOccurrences(of: "\n", with: "\\x0A")
        #expect(error == .notAWholeNumber(text, name: name, value: shown, lowest: lowest))
        #expect(error.description.contains("\(name)='\(shown)'"))
        #expect(!error.description.contains("\n"))
    }

    @Test("A share the engine gives outside 0 to N-1 is refused with the variables it came from", arguments: [
        ("auto", ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_COUNT": "2"], -1,
         "SLURM_ARRAY_TASK_ID=3, SLURM_ARRAY_TASK_MIN=4, SLURM_ARRAY_TASK_COUNT=2"),
        ("auto", ["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_COUNT": "4"], 6,
         "SLURM_ARRAY_TASK_ID=6, SLURM_ARRAY_TASK_COUNT=4"),
        ("auto", ["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_COUNT": "9223372036854775807"],
         Int.max, "SLURM_ARRAY_TASK_ID=9223372036854775807, SLURM_ARRAY_TASK_COUNT=9223372036854775807"),
        ("auto/4", ["PARALLEL_SEQ": "5"], 4, "PARALLEL_SEQ=5"),
        ("auto/4", ["JOB_COMPLETION_INDEX": "9223372036854775807"], Int.max, "JOB_COMPLETION_INDEX=9223372036854775807"),
    ])
    func shareOutside(text: String, environment: [String: String], share: Int, source: String) throws {
        let error = try #require(throws: ShardError.self) { try Shard(text, environment: environment) }
        guard case let .shareOutside(_, found, _, from) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(found == share && from == source)
        #expect(error.description.contains(source) && !error.description.contains("\n"))
    }

    @Test("The extremes of a Slurm array that fit give a share without overflow")
    func extremes() throws {
        let shard = try Shard("auto", environment: ["SLURM_ARRAY_TASK_ID": "9223372036854775807",
                                                    "SLURM_ARRAY_TASK_MIN": "9223372036854775807", "SLURM_ARRAY_TASK_COUNT": "1"])
        #expect(shard.index == 0 && shard.count == 1)
    }

    @Test("A value shown in an error has its control characters escaped")
    func valueEscaped() throws {
        let error = try #require(throws: ShardError.self) {
            try Shard("auto/2", environment: ["PARALLEL_SEQ": "1\u{1B}[2J"])
        }
        #expect(error.description.contains("PARALLEL_SEQ='1\\x1B[2J'"))
    }
}
