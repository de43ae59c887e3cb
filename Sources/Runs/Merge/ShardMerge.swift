import FileSystem
import Foundation
import Reports

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
        for (offset, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            lines.append(try text(of: line, number: offset + 1, file: file))
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Line `number` of `file` as text, without a CR at its end; refused when it is not UTF-8.
    static func text(of line: ArraySlice<UInt8>, number: Int, file: String) throws(Failure) -> String {
        let line = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        guard let text = String(validating: line, as: UTF8.self) else {
            throw Failure(message: "\(PathEncoding.displayed(file)) line \(number) is not UTF-8: "
                          + "give the file filterocr batch wrote, unchanged")
        }
        return text
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

    /// One line of a part, checked against its stamp.
    struct Line {
        var stamp: JSONLines.ShardStamp
        var position: Int
        var page: Int?
        var image: String?
        /// The line as an unsharded run writes it: without its stamp.
        var unstamped: String
        /// Its line number in the part's file, for messages.
        var number: Int
    }

    /// The lines of `parts` (shard 0 first) in input order, as one unsharded run writes them:
    /// the shard stamps taken out. Every line's stamp is checked: its share, its list, its place
    /// in the list and the digest of its content; a part that is missing, given twice, out of
    /// place, from another input list, cut short, or holds a line repeated, missing, out of
    /// order or changed is refused, by name, and so is a merge of nothing but empty parts.
    ///
    /// - Parameter list: the input list the shards shared, when the caller has it: its digest
    ///   and each line's input name are checked against it too.
    public static func merge(_ parts: [Part], list: [String]? = nil) throws(Failure) -> [String] {
        var merged: [String] = []
        try merge(parts.map { PartLines(file: $0.file, lines: $0.lines) }, list: list) { merged.append($0) }
        return merged
    }

    /// The merge of `parts` as `merge(_:list:)` makes it, each line given to `emit` as soon as
    /// its place comes, with a line of each part in memory and no more. A refusal can come
    /// after some lines were given: the caller holds them back until the merge ends (see
    /// `MergedOutput`).
    static func merge(_ parts: [PartLines], list: [String]?, emit: (String) -> Void) throws(Failure) {
        let readers = parts.map(PartReader.init)
        for reader in readers { _ = try reader.peek() }
        guard let reference = readers.lazy.compactMap({ $0.first?.run }).first else {
            throw Failure(message: "every part is empty: there is nothing to merge; give the parts that filterocr batch "
                          + "--shard I/N wrote")
        }
        let count = reference.count
        let shown = readers.map(\.shown)
        for (position, reader) in readers.enumerated() {
            guard let stamp = reader.first?.run else { continue }
            guard stamp.count == reference.count, stamp.inputs == reference.inputs, stamp.list == reference.list else {
                throw Failure(message: "\(shown[position]) is shard \(stamp.share) of another input list (\(stamp.inputs) inputs, "
                              + "list \(stamp.list)), not of this run's (\(reference.count) shares of \(reference.inputs) "
                              + "inputs, list \(reference.list)): give the parts of one run")
            }
            guard stamp.index == position else {
                let twice = readers.indices.first { $0 != position && readers[$0].first?.run.index == stamp.index && $0 == stamp.index }
                throw Failure(message: "\(shown[position]) is shard \(stamp.share) but was given in place \(position)"
                              + (twice.map { " (shard \(stamp.share) is also given, in its place, as \(shown[$0]))" } ?? "")
                              + ": give each part once, in shard order 0 to \(count - 1)")
            }
        }
        if parts.count > count {
            throw Failure(message: "\(shown[count]) is one part too many for \(count) shares: "
                          + "give each part once, in shard order 0 to \(count - 1)")
        }
        if parts.count < count {
            throw Failure(message: "shard \(parts.count)/\(count) is missing: give every part, in shard order 0 to \(count - 1)")
        }
        if let list {
            let digest = Shard.listDigest(list)
            guard list.count == reference.inputs, digest == reference.list else {
                throw Failure(message: "the parts are of another input list (\(reference.inputs) inputs, list \(reference.list)) "
                              + "than the one given (\(list.count) inputs, list \(digest)): give the list the shards were run on")
            }
        }
        for (share, reader) in readers.enumerated() where reader.first == nil {
            let expected = JSONLines.ShardStamp.inputs(ofShare: share, count: count, listLength: reference.inputs)
            if expected > 0 {
                throw Failure(message: "\(reader.shown) is empty, but shard \(share)/\(count) has \(expected) input(s): "
                              + "its run did not finish; run it again (the result store makes it cheap)")
            }
        }
        // Round robin: input k is the (k / N)th input of shard k mod N. A part that ends early
        // is refused at its first missing input, so the count of inputs, which a part states,
        // is never trusted to bound a loop that reads nothing.
        for input in 0..<reference.inputs {
            try readers[input % count].takeInput(input, share: input % count, of: reference, list: list, emit: emit)
        }
        for (share, reader) in readers.enumerated() {
            guard let line = try reader.peek() else { continue }
            throw Failure(message: "\(reader.shown) line \(line.number) is input \(line.position), "
                          + reader.misplacement(of: line, share: share, count: count, next: nil) + "; run its shard again")
        }
    }

    /// The line read and checked against its own stamp: a stamp naming a place in its list and
    /// a digest, the digest that of the line without it, and the same run as `first`'s.
    static func checkedLine(_ text: String, number: Int, file shown: String,
                            first: (run: JSONLines.ShardStamp, number: Int)?) throws(Failure) -> Line {
        guard let line = JSONLines.batchLine(Array(text.utf8)) else {
            throw Failure(message: "\(shown) line \(number) is not a JSON object of filterocr batch")
        }
        guard let stamp = line.shard else {
            throw Failure(message: "\(shown) line \(number) names no shard: give the parts that "
                          + "filterocr batch --shard I/N wrote")
        }
        guard let position = stamp.position, let digest = stamp.digest else {
            throw Failure(message: "\(shown) line \(number) names no place in the input list: it was written by an "
                          + "earlier filterocr; run its shard again (the result store makes it cheap)")
        }
        let unstamped = unstamped(text, stamp: stamp)
        guard JSONLines.lineDigest(unstamped) == digest else {
            throw Failure(message: "\(shown) line \(number) does not match its stamp: it was changed after filterocr batch "
                          + "wrote it; run its shard again")
        }
        // A digest is not a signature: the numbers are checked before any is counted with.
        guard stamp.count > 0, stamp.index >= 0, stamp.index < stamp.count, position >= 0, position < stamp.inputs else {
            throw Failure(message: "\(shown) line \(number) names no place a run has (shard \(stamp.share), input \(position) "
                          + "of \(stamp.inputs)): give the parts that filterocr batch --shard I/N wrote")
        }
        if let first, first.run != stamp.run {
            throw Failure(message: "\(shown) mixes lines of two runs (line \(first.number): shard \(first.run.share) of list "
                          + "\(first.run.list); line \(number): shard \(stamp.share) of list \(stamp.list)): give each shard's "
                          + "output as its own part")
        }
        return Line(stamp: stamp, position: position, page: line.page, image: line.image, unstamped: unstamped, number: number)
    }

    /// `line` without its `shard` field, as a run without `--shard` writes it.
    private static func unstamped(_ line: String, stamp: JSONLines.ShardStamp) -> String {
        let field = stamp.encodedField
        if let range = line.range(of: "," + field) ?? line.range(of: field + ",") {
            return line.replacingCharacters(in: range, with: "")
        }
        return line
    }
}
