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
        let read = try parts.map { part throws(Failure) in try checkedLines(of: part) }
        guard let reference = read.lazy.compactMap({ $0.first?.stamp.run }).first else {
            throw Failure(message: "every part is empty: there is nothing to merge; give the parts that filterocr batch "
                          + "--shard I/N wrote")
        }
        let count = reference.count
        let shown = parts.map { PathEncoding.displayed($0.file) }
        for (position, lines) in read.enumerated() {
            guard let stamp = lines.first?.stamp.run else { continue }
            guard stamp.count == reference.count, stamp.inputs == reference.inputs, stamp.list == reference.list else {
                throw Failure(message: "\(shown[position]) is shard \(stamp.share) of another input list (\(stamp.inputs) inputs, "
                              + "list \(stamp.list)), not of this run's (\(reference.count) shares of \(reference.inputs) "
                              + "inputs, list \(reference.list)): give the parts of one run")
            }
            guard stamp.index == position else {
                let twice = read.indices.first { $0 != position && read[$0].first?.stamp.index == stamp.index && $0 == stamp.index }
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
        let groups = try read.enumerated().map { index, lines throws(Failure) in
            try inputs(of: lines, share: index, count: count, listLength: reference.inputs, file: shown[index], list: list)
        }
        // Round robin: input k is the (k / N)th input of shard k mod N.
        var merged: [String] = []
        for input in 0..<reference.inputs {
            merged += groups[input % count][input / count].map(\.unstamped)
        }
        return merged
    }

    /// The part's lines read and each checked against its own stamp: a stamp naming a place and
    /// a digest, the digest that of the line without it, and the same share on every line.
    static func checkedLines(of part: Part) throws(Failure) -> [Line] {
        let shown = PathEncoding.displayed(part.file)
        var lines: [Line] = []
        for (offset, text) in part.lines.enumerated() where !text.isEmpty {
            let number = offset + 1
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
            if let first = lines.first?.stamp.run, first != stamp.run {
                throw Failure(message: "\(shown) mixes lines of two runs (line \(lines[0].number): shard \(first.share) of list "
                              + "\(first.list); line \(number): shard \(stamp.share) of list \(stamp.list)): give each shard's "
                              + "output as its own part")
            }
            lines.append(Line(stamp: stamp, position: position, page: line.page, image: line.image, unstamped: unstamped,
                              number: number))
        }
        return lines
    }

    /// The lines of share `share` grouped by input, each group's place checked: the share's
    /// inputs in order (`share`, `share + count`, …), each once, a document's pages rising.
    private static func inputs(of lines: [Line], share: Int, count: Int, listLength: Int, file shown: String,
                               list: [String]?) throws(Failure) -> [[Line]] {
        let expected = JSONLines.ShardStamp.inputs(ofShare: share, count: count, listLength: listLength)
        if lines.isEmpty, expected > 0 {
            throw Failure(message: "\(shown) is empty, but shard \(share)/\(count) has \(expected) input(s): "
                          + "its run did not finish; run it again (the result store makes it cheap)")
        }
        var groups: [[Line]] = []
        for line in lines {
            let next = share + groups.count * count
            if let last = groups.last?.last, line.position == last.position {
                guard let page = line.page, let before = last.page, page > before else {
                    throw Failure(message: "\(shown) line \(line.number) repeats input \(line.position)"
                                  + (line.page.map { " page \($0)" } ?? "") + " of line \(last.number): a line is repeated; "
                                  + "run its shard again")
                }
                groups[groups.count - 1].append(line)
                continue
            }
            guard line.position == next else {
                let problem = line.position % count != share ? "which is not an input of shard \(share)/\(count)"
                    : line.position < next ? "but input \(next - count) comes before it: the lines are out of order or repeated"
                    : "but input \(next) comes first: a line is missing"
                throw Failure(message: "\(shown) line \(line.number) is input \(line.position), \(problem); run its shard again")
            }
            if let list, let image = line.image, image != PathEncoding.displayed(list[line.position]) {
                throw Failure(message: "\(shown) line \(line.number) names \(image), but input \(line.position) of the list is "
                              + "\(PathEncoding.displayed(list[line.position])): run its shard again")
            }
            groups.append([line])
        }
        guard groups.count == expected else {
            throw Failure(message: "\(shown) holds \(groups.count) of shard \(share)/\(count)'s \(expected) inputs: "
                          + "its run did not finish; run it again (the result store makes it cheap)")
        }
        return groups
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
