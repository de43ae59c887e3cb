import Core
import FileSystem
import Foundation

/// Puts the JSON Lines of `--shard I/N` runs back into the order one run over all the inputs
/// writes them: input 0 from shard 0, input 1 from shard 1, …, input N from shard 0 again.
///
/// An input is one line (an image, or a document that failed as a whole) or a run of lines
/// of one document's pages, in page order; shard I's lines hold its inputs in their order.
public enum ShardMerge {
    /// Why shards' lines cannot be merged.
    public struct Failure: LocalizedError, Equatable {
        public let message: String
        public var errorDescription: String? { message }
    }

    /// The lines of a shard's file: split at each LF, a CR before it dropped (a file that went
    /// through Windows has CRLF line ends), each line checked to be UTF-8 rather than repaired,
    /// since a replaced byte would be a silent change of a result.
    public static func lines(of bytes: [UInt8], file: String) throws(Failure) -> [String] {
        var lines: [String] = []
        var number = 0
        for var line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            guard let text = String(validating: line, as: UTF8.self) else {
                throw Failure(message: "\(PathEncoding.displayed(file)) line \(number) is not UTF-8: "
                              + "give the file filterocr batch wrote, unchanged")
            }
            lines.append(text)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The lines of `shards` (shard 0 first) in input order.
    public static func merge(_ shards: [[String]]) throws(Failure) -> [String] {
        var queues = try shards.enumerated().map { index, lines throws(Failure) in try inputs(of: lines, shard: index) }
        var merged: [String] = []
        var next = Array(repeating: 0, count: queues.count)
        var shard = 0
        while next[shard] < queues[shard].count {
            merged += queues[shard][next[shard]]
            next[shard] += 1
            shard = (shard + 1) % queues.count
        }
        // Round robin ends at the first shard with no input left; the shards after it may have
        // one fewer, those before it none more.
        for index in queues.indices where next[index] < queues[index].count {
            throw Failure(message: "shard \(index) has \(queues[index].count - next[index]) more input(s) than its turn allows: "
                          + "give every shard's output, in shard order 0 to \(queues.count - 1)")
        }
        queues.removeAll()
        return merged
    }

    /// `lines` grouped by input: a line with no page, or with a page that does not follow
    /// the line before's page of the same document, starts a new input.
    static func inputs(of lines: [String], shard: Int) throws(Failure) -> [[String]] {
        var groups: [[String]] = []
        var previous: JSONLines.BatchLine?
        for (number, text) in lines.enumerated() where !text.isEmpty {
            guard let line = JSONLines.batchLine(Array(text.utf8)) else {
                throw Failure(message: "shard \(shard) line \(number + 1) is not a JSON object of filterocr batch")
            }
            if let previous, let page = line.page, let before = previous.page, previous.image == line.image, page > before {
                groups[groups.count - 1].append(text)
            } else {
                groups.append([text])
            }
            previous = line
        }
        return groups
    }
}
