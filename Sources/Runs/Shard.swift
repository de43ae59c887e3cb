import Core
import Foundation

/// `--shard I/N`: this process's share of the inputs, those whose position (from 0) is I
/// modulo N, so that N processes given the same list share it without coordination.
public struct Shard: Sendable, Equatable {
    public let index: Int
    public let count: Int

    /// Parses `I/N`; the error says what is wrong with it.
    public init(_ text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { throw .notIOverN(text) }
        guard count > 0 else { throw .noShards(text) }
        guard (0..<count).contains(index) else { throw .outOfRange(text, count: count) }
        self.index = index
        self.count = count
    }

    public func includes(_ position: Int) -> Bool { position % count == index }
}

/// Why a `--shard` value was refused.
public enum ShardError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    case notIOverN(String)
    case noShards(String)
    case outOfRange(String, count: Int)

    public var description: String {
        switch self {
        case .notIOverN(let text):
            "'\(text)' is not I/N: give this process's share as its index and the number of shares, e.g. 2/8"
        case .noShards(let text):
            "'\(text)' has no shares: N must be at least 1, e.g. 0/1"
        case let .outOfRange(text, count):
            "in '\(text)' the index counts from 0, so it must be 0 to \(count - 1) for \(count) shares"
        }
    }

    public var errorDescription: String? { description }
}
