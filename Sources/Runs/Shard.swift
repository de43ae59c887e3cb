import Core
import Crypto
import FileSystem
import Foundation
import Reports

/// `--shard I/N`: this process's share of the inputs, those whose position (from 0) is I
/// modulo N, so that N processes given the same list share it without coordination. `auto`
/// takes the share from the engine that started the process: `auto` from a Slurm job array,
/// `auto/N` from a Kubernetes Indexed Job or GNU parallel.
public struct Shard: Sendable, Equatable {
    public let index: Int
    public let count: Int
    /// For `auto`: the environment variables the share came from, as `NAME=value` pairs.
    public let source: String?

    /// Parses `I/N`, `auto` or `auto/N`; the error says what is wrong with it, or with the
    /// environment variable `auto` read.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.first == "auto" {
            guard parts.count <= 2 else { throw .notIOverN(text) }
            var given: Int?
            if parts.count == 2 {
                guard let count = Int(parts[1]) else { throw .notIOverN(text) }
                guard count > 0 else { throw .noShards(text) }
                given = count
            }
            let found = try EngineShare(environment: environment, count: given, text: text)
            guard (0..<found.count).contains(found.index) else {
                throw .shareOutside(text, share: found.index, count: found.count, source: found.source)
            }
            (index, count, source) = (found.index, found.count, found.source)
            return
        }
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { throw .notIOverN(text) }
        guard count > 0 else { throw .noShards(text) }
        guard (0..<count).contains(index) else { throw .outOfRange(text, count: count) }
        (self.index, self.count, self.source) = (index, count, nil)
    }

    public func includes(_ position: Int) -> Bool { position % count == index }

    /// What each output line of this share of `inputs` (the whole list, in order) says of it.
    public func stamp(for inputs: [String]) -> JSONLines.ShardStamp {
        JSONLines.ShardStamp(index: index, count: count, inputs: inputs.count, list: Self.listDigest(inputs))
    }

    /// The identity of an input list: the first 16 hex digits of the SHA-256 of its names, one per line.
    public static func listDigest(_ inputs: [String]) -> String {
        let digest = SHA256.hash(data: Data(inputs.map { $0 + "\n" }.joined().utf8))
        return String(PixelDigest.hex(digest).prefix(16))
    }
}

/// The share an engine gives the process it started, read from that engine's variables only.
///
/// `auto` is Slurm's: a job array's task, counted from the array's first ID, of its count.
/// `auto/N` is Kubernetes' completion index or GNU parallel's sequence number (from 1). Those
/// engines nest, and a variable is inherited by everything its process starts, so each form
/// reads its own engine's variables and no other: GNU parallel run inside a Slurm task sets
/// `PARALLEL_SEQ` beside the task's `SLURM_ARRAY_TASK_ID`, and `auto/N` must give its jobs N
/// shares, not the task's one share N times. Where `auto/N` cannot tell which engine is meant
/// (GNU parallel inside an Indexed Job's pod) it refuses; with Slurm's variables alone it takes
/// the task only when N is the array's count, so that no share is left out or given twice.
private struct EngineShare {
    let index: Int
    let count: Int
    let source: String

    init(environment: [String: String], count given: Int?, text: String) throws(ShardError) {
        let variables = Variables(environment: environment, text: text)
        guard let given else {
            guard let slurm = try Self.slurm(variables, text: text) else {
                let others = [variables.raw("PARALLEL_SEQ"), variables.raw("JOB_COMPLETION_INDEX")].compactMap { $0 }
                if let other = others.first { throw .countNeeded(text, found: other) }
                throw .noEngine(text)
            }
            self = slurm
            return
        }
        let sequence = try variables.integer("PARALLEL_SEQ", from: 1)
        let completion = try variables.integer("JOB_COMPLETION_INDEX", from: 0)
        switch (sequence, completion) {
        case let (sequence?, completion?):
            throw .twoEngines(text, kubernetes: "JOB_COMPLETION_INDEX=\(completion)", parallel: "PARALLEL_SEQ=\(sequence)")
        case (let sequence?, nil):
            (index, count, source) = (sequence - 1, given, "PARALLEL_SEQ=\(sequence)")
        case (nil, let completion?):
            (index, count, source) = (completion, given, "JOB_COMPLETION_INDEX=\(completion)")
        case (nil, nil):
            guard let slurm = try Self.slurm(variables, text: text) else { throw .noEngine(text) }
            guard slurm.count == given else { throw .slurmCountDiffers(text, given: given, slurm: slurm.count) }
            self = slurm
        }
    }

    private init(index: Int, count: Int, source: String) {
        (self.index, self.count, self.source) = (index, count, source)
    }

    /// Slurm's array task, or nil outside a job array.
    private static func slurm(_ variables: Variables, text: String) throws(ShardError) -> EngineShare? {
        guard let id = try variables.integer("SLURM_ARRAY_TASK_ID", from: 0) else { return nil }
        guard let count = try variables.integer("SLURM_ARRAY_TASK_COUNT", from: 1) else {
            throw .missingVariable(text, found: "SLURM_ARRAY_TASK_ID=\(id)", missing: "SLURM_ARRAY_TASK_COUNT")
        }
        let first = try variables.integer("SLURM_ARRAY_TASK_MIN", from: 0) ?? 0
        var names = ["SLURM_ARRAY_TASK_ID=\(id)"]
        if first != 0 { names.append("SLURM_ARRAY_TASK_MIN=\(first)") }
        names.append("SLURM_ARRAY_TASK_COUNT=\(count)")
        // Both are at least 0, so the difference cannot overflow; an ID below the first, or
        // past the count (an array with a step or gaps), is a share outside 0..<count.
        return EngineShare(index: id - first, count: count, source: names.joined(separator: ", "))
    }
}

/// The environment as `auto` reads it: a variable that is unset or empty is absent; any other
/// value must be a whole number in range.
private struct Variables {
    let environment: [String: String]
    let text: String

    func raw(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return "\(name)=\(PathEncoding.displayed(value))"
    }

    func integer(_ name: String, from lowest: Int) throws(ShardError) -> Int? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        // Digits only: no sign, no spaces, and Int's own parse refuses what does not fit.
        guard value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(value), number >= lowest else {
            throw .notAWholeNumber(text, name: name, value: PathEncoding.displayed(value), lowest: lowest)
        }
        return number
    }
}

/// Why a `--shard` value was refused.
public enum ShardError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    case notIOverN(String)
    case noShards(String)
    case outOfRange(String, count: Int)
    case noEngine(String)
    /// `auto` (Slurm's) found only another engine's variable, which needs N.
    case countNeeded(String, found: String)
    /// A variable `auto` reads holds something other than a whole number in its range.
    case notAWholeNumber(String, name: String, value: String, lowest: Int)
    case missingVariable(String, found: String, missing: String)
    /// The share the engine gave is outside 0..<count.
    case shareOutside(String, share: Int, count: Int, source: String)
    /// `auto/N` inside both a Kubernetes pod and a GNU parallel job.
    case twoEngines(String, kubernetes: String, parallel: String)
    /// `auto/N` with Slurm's variables alone, whose array has another count.
    case slurmCountDiffers(String, given: Int, slurm: Int)

    public var description: String {
        switch self {
        case .notIOverN(let text):
            "'\(text)' is not I/N: give this process's share as its index and the number of shares, e.g. 2/8, or auto"
        case .noShards(let text):
            "'\(text)' has no shares: N must be at least 1, e.g. 0/1"
        case let .outOfRange(text, count):
            "in '\(text)' the index counts from 0, so it must be 0 to \(count - 1) for \(count) shares"
        case .noEngine(let text):
            "'\(text)' found no share in the environment: auto reads Slurm's SLURM_ARRAY_TASK_ID and "
                + "SLURM_ARRAY_TASK_COUNT; auto/N reads Kubernetes' JOB_COMPLETION_INDEX or GNU parallel's PARALLEL_SEQ; "
                + "elsewhere give I/N, e.g. 0/4"
        case let .countNeeded(text, found):
            "'\(text)' reads a Slurm job array and found none, but \(found): give auto/N, N the number of shares"
        case let .notAWholeNumber(text, name, value, lowest):
            "'\(text)' cannot use \(name)='\(value)': it must be a whole number from \(lowest) to \(Int.max)"
        case let .missingVariable(text, found, missing):
            "'\(text)' found \(found) but no \(missing): give I/N, e.g. 0/4"
        case let .shareOutside(text, share, count, source):
            "'\(text)' takes share \(share) from \(source), outside 0 to \(count - 1) for \(count) shares: "
                + (source.hasPrefix("SLURM")
                    ? "auto needs a job array of consecutive IDs, e.g. --array=0-\(count - 1)"
                    : "N must be the number of processes started, here more than \(share)")
        case let .twoEngines(text, kubernetes, parallel):
            "'\(text)' found both Kubernetes' \(kubernetes) and GNU parallel's \(parallel), so every pod would "
                + "repeat the same shares: give I/N, e.g. I = pod index x jobs per pod + PARALLEL_SEQ - 1"
        case let .slurmCountDiffers(text, given, slurm):
            "'\(text)' found only a Slurm job array, of SLURM_ARRAY_TASK_COUNT=\(slurm) tasks, not \(given): "
                + "give auto, which takes the array's count"
        }
    }

    public var errorDescription: String? { description }
}
