import FileSystem
import Foundation
import Reports

/// The pages of a batch's JSON Lines (`filterocr batch > results.jsonl`), for a report on
/// recognitions already made: each line's image, page, filters and text, or its error.
public enum BatchResults {
    /// The most a results file may hold: far more than the JSON Lines of any corpus.
    public static let maximumLength = 1 << 30

    /// Why a batch's JSON Lines could not be read.
    public struct ReadError: LocalizedError, Equatable, Sendable {
        public var message: String
        public var errorDescription: String? { message }
    }

    /// The entries of the lines in `bytes`, in order, without truths; `name` names the
    /// source in errors. Empty lines are passed over; a line that is not a batch's is an error.
    public static func entries(in bytes: [UInt8], name: String) throws -> [CorpusEntry] {
        var entries: [CorpusEntry] = []
        for (number, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { !(($0 == UInt8(ascii: " ")) || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")) })
            else { continue }
            let place = "\(PathEncoding.displayed(name)) line \(number + 1)"
            guard let fields = JSONLines.batchLine(line) else {
                throw ReadError(message: "\(place): not JSON; give the JSON Lines filterocr batch writes "
                                + "(filterocr batch IMAGES > results.jsonl)")
            }
            guard let image = fields.image else {
                if let error = fields.error {
                    throw ReadError(message: "\(place): the batch failed before any image (\(error)); run it again")
                }
                throw ReadError(message: "\(place): no \"image\"; is this a filterocr batch's JSON Lines?")
            }
            let outcome: CorpusEntry.Outcome
            if let text = fields.text {
                outcome = .read(text)
            } else if let error = fields.error {
                outcome = .failed(error)
            } else if let skipped = fields.skipped {
                outcome = .skipped(skipped)
            } else {
                throw ReadError(message: "\(place): neither \"text\" nor \"error\"; is this a filterocr batch's JSON Lines?")
            }
            entries.append(CorpusEntry(image: image, page: fields.page, script: fields.script, outcome: outcome))
        }
        return entries
    }

    /// The entries of the results file at `path` (`-` for standard input).
    public static func entries(at path: String) throws -> [CorpusEntry] {
        let bytes: [UInt8]
        do {
            bytes = path == "-"
                ? try BoundedRead.stream(STDIN_FILENO, limit: maximumLength, name: "standard input")
                : try BoundedRead.file(path, limit: maximumLength)
        } catch .tooLarge {
            throw ReadError(message: "\(PathEncoding.displayed(path)): larger than \(maximumLength >> 20) MB; "
                            + "report on it in parts (split -l)")
        }
        return try entries(in: bytes, name: path == "-" ? "standard input" : path)
    }
}
