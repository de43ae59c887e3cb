import Core
import Crypto
import Foundation

/// `--shard I/N`: this process's share of the inputs, those whose position (from 0) is I
/// modulo N, so that N processes given the same list share it without coordination. `auto`
/// takes the share from the engine that started the process (a Slurm job array, a Kubernetes
/// Indexed Job, GNU parallel).
public struct Shard: Sendable, Equatable {
    public let index: Int
    public let count: Int
    /// For `auto`: the environment variables the share came from, as `NAME=value` pairs.
    public let source: String?

    /// Parses `I/N`, `auto` or `auto/N`; the error says what is wrong with it.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.first == "auto" {
            guard parts.count <= 2 else { throw .notIOverN(text) }
            let given = parts.count == 2 ? Int(parts[1]) : nil
            if parts.count == 2, given == nil { throw .notIOverN(text) }
            let (index, count, source) = try Self.fromEnvironment(environment, count: given, text: text)
            try self.init(index: index, count: count, source: source, text: text)
            return
        }
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { throw .notIOverN(text) }
        try self.init(index: index, count: count, source: nil, text: text)
    }

    private init(index: Int, count: Int, source: String?, text: String) throws(ShardError) {
        guard count > 0 else { throw .noShards(text) }
        guard (0..<count).contains(index) else { throw .outOfRange(text, count: count) }
        (self.index, self.count, self.source) = (index, count, source)
    }

    public func includes(_ position: Int) -> Bool { position % count == index }

    /// What each output line of this share of `inputs` (the whole list, in order) says of it.
    public func stamp(for inputs: [String]) -> JSONLines.ShardStamp {
        let digest = SHA256.hash(data: Data(inputs.map { $0 + "\n" }.joined().utf8))
        return JSONLines.ShardStamp(index: index, count: count, inputs: inputs.count,
                                    list: String(PixelDigest.hex(digest).prefix(16)))
    }

    /// The share an engine gives its tasks: Slurm's array task (from its first ID) and count;
    /// with the count given, Kubernetes' completion index or GNU parallel's sequence number.
    private static func fromEnvironment(_ environment: [String: String], count given: Int?,
                                        text: String) throws(ShardError) -> (Int, Int, String) {
        if let id = environment["SLURM_ARRAY_TASK_ID"].flatMap(Int.init),
           let count = given ?? environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init) {
            let first = environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? 0
            var names = ["SLURM_ARRAY_TASK_ID=\(id)"]
            if first != 0 { names.append("SLURM_ARRAY_TASK_MIN=\(first)") }
            if given == nil { names.append("SLURM_ARRAY_TASK_COUNT=\(count)") }
            return (id - first, count, names.joined(separator: ", "))
        }
        guard let count = given else { throw .noEngine(text) }
        if let index = environment["JOB_COMPLETION_INDEX"].flatMap(Int.init) {
            return (index, count, "JOB_COMPLETION_INDEX=\(index)")
        }
        if let sequence = environment["PARALLEL_SEQ"].flatMap(Int.init) {
            return (sequence - 1, count, "PARALLEL_SEQ=\(sequence)")
        }
        throw .noEngine(text)
    }
}

/// Why a `--shard` value was refused.
public enum ShardError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    case notIOverN(String)
    case noShards(String)
    case outOfRange(String, count: Int)
    case noEngine(String)

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
        }
    }

    public var errorDescription: String? { description }
}
