import Core
import FileSystem
import Foundation

/// Puts the JSON Lines of `--shard I/N` runs back into the order one run over all the inputs
/// writes them: input 0 from shard 0, input 1 from shard 1, …, input N from shard 0 again.
///
/// An input is one line (an image, or a document that failed as a whole) or a run of lines
/// of one document's pages, in page order; shard I's lines hold its inputs in their order, and
/// each line names its shard and the input list (`JSONLines.ShardStamp`), so that every part
/// is checked to be the one its place needs, whole.
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

    /// One shard's output: the file it came from, as the user named it, and its lines.
    public struct Part: Sendable {
        public var file: String
        public var lines: [String]

        public init(file: String, lines: [String]) {
            self.file = file
            self.lines = lines
        }
    }

    /// The lines of `parts` (shard 0 first) in input order, as one unsharded run writes them:
    /// the shard stamps taken out. A part that is missing, given twice, out of place, from
    /// another input list, or cut short is refused, by name.
    public static func merge(_ parts: [Part]) throws(Failure) -> [String] {
        let read = try parts.map { part throws(Failure) in try inputs(of: part) }
        guard let reference = read.lazy.compactMap(\.stamp).first else { return [] }
        let count = reference.count
        var given: [Int: String] = [:]
        for (position, (part, (stamp, _))) in zip(parts, read).enumerated() {
            let shown = PathEncoding.displayed(part.file)
            guard let stamp else {
                // An empty part stands where it was given: only a share with no inputs is empty.
                let expected = JSONLines.ShardStamp.inputs(ofShare: position, count: count, listLength: reference.inputs)
                if position < count, expected > 0 {
                    throw Failure(message: "\(shown) is empty, but shard \(position)/\(count) has \(expected) input(s): "
                                  + "its run did not finish; run it again (the result store makes it cheap)")
                }
                given[position] = given[position] ?? part.file
                continue
            }
            guard stamp.count == reference.count, stamp.inputs == reference.inputs, stamp.list == reference.list else {
                throw Failure(message: "\(shown) is shard \(stamp.share) of another input list (\(stamp.inputs) inputs, "
                              + "list \(stamp.list)), not of this run's (\(reference.count) shares of \(reference.inputs) "
                              + "inputs, list \(reference.list)): give the parts of one run")
            }
            if let earlier = given[stamp.index] {
                throw Failure(message: "\(shown) repeats shard \(stamp.share), already given as "
                              + "\(PathEncoding.displayed(earlier)): give each part once")
            }
            given[stamp.index] = part.file
        }
        if let missing = (0..<count).first(where: { given[$0] == nil }) {
            throw Failure(message: "shard \(missing)/\(count) is missing: give every part, in shard order 0 to \(count - 1)")
        }
        if parts.count > count {
            throw Failure(message: "\(PathEncoding.displayed(parts[count].file)) is one part too many for \(count) shares: "
                          + "give each part once, in shard order 0 to \(count - 1)")
        }
        for (position, (part, (stamp, groups))) in zip(parts, read).enumerated() {
            guard let stamp else { continue }
            let shown = PathEncoding.displayed(part.file)
            guard stamp.index == position else {
                throw Failure(message: "\(shown) is shard \(stamp.share) but was given in place \(position): "
                              + "give the parts in shard order, 0 to \(count - 1)")
            }
            let expected = JSONLines.ShardStamp.inputs(ofShare: position, count: count, listLength: reference.inputs)
            guard groups.count == expected else {
                throw Failure(message: "\(shown) holds \(groups.count) of shard \(stamp.share)'s \(expected) inputs: "
                              + "its run did not finish; run it again (the result store makes it cheap)")
            }
        }
        // Each shard's stamp as its lines spell it, encoded once.
        let fields = (0..<count).map { index in
            var stamp = reference
            stamp.index = index
            return stamp.encodedField
        }
        // Round robin: input k is the (k / N)th input of shard k mod N.
        var merged: [String] = []
        for input in 0..<reference.inputs {
            let (shard, turn) = (input % count, input / count)
            merged += read[shard].groups[turn].map { unstamped($0, field: fields[shard]) }
        }
        return merged
    }

    /// `line` without its `shard` field (`field`), as a run without `--shard` writes it.
    private static func unstamped(_ line: String, field: String) -> String {
        if let range = line.range(of: "," + field) ?? line.range(of: field + ",") {
            return line.replacingCharacters(in: range, with: "")
        }
        return line
    }

    /// The part's stamp (nil for an empty part) and its lines grouped by input: a line with no
    /// page, or with a page that does not follow the line before's page of the same document,
    /// starts a new input.
    static func inputs(of part: Part) throws(Failure) -> (stamp: JSONLines.ShardStamp?, groups: [[String]]) {
        let shown = PathEncoding.displayed(part.file)
        var groups: [[String]] = []
        var previous: JSONLines.BatchLine?
        var stamp: JSONLines.ShardStamp?
        for (number, text) in part.lines.enumerated() where !text.isEmpty {
            guard let line = JSONLines.batchLine(Array(text.utf8)) else {
                throw Failure(message: "\(shown) line \(number + 1) is not a JSON object of filterocr batch")
            }
            guard let lineStamp = line.shard else {
                throw Failure(message: "\(shown) line \(number + 1) names no shard: give the parts that "
                              + "filterocr batch --shard I/N wrote")
            }
            if let stamp, stamp != lineStamp {
                throw Failure(message: "\(shown) mixes lines of shard \(stamp.share) and shard \(lineStamp.share): "
                              + "give each shard's output as its own part")
            }
            stamp = lineStamp
            if let previous, let page = line.page, let before = previous.page, previous.image == line.image, page > before {
                groups[groups.count - 1].append(text)
            } else {
                groups.append([text])
            }
            previous = line
        }
        return (stamp, groups)
    }
}
