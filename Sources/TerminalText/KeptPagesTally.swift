import PageDocuments
import Runs

/// The pages of one document left as they are, said once the document has gone by: a
/// born-digital PDF of 36 pages gets one line on standard error, not 36. A document with one
/// such page still gets that page's own line.
struct KeptPagesTally: Sendable {
    /// The document whose pages are being counted.
    private var input: String?
    private var lastPage = 0
    /// Pages of it that went by, whatever became of them.
    private var pages = 0
    /// Per reason, the pages left as they are, by name (`scan.pdf page 3`), in order.
    private var kept: [(reason: PagesWithText.KeptPage, names: [String])] = []

    /// Counts `result`; returns the lines for the document before it when `result` starts
    /// another input (or the same one again: its pages start over).
    mutating func add(_ result: ImageRunner.Result) -> String? {
        if case .skipped = result.outcome { return nil }
        let startsAnother = result.input != input || (result.page ?? 0) <= lastPage
        let finished = startsAnother ? finish() : nil
        (input, lastPage, pages) = (result.input, result.page ?? 0, pages + 1)
        if case .leftAsIs(let reason) = result.outcome {
            if let index = kept.firstIndex(where: { $0.reason == reason }) {
                kept[index].names.append(result.displayName)
            } else {
                kept.append((reason, [result.displayName]))
            }
        }
        return finished
    }

    /// The lines for the document counted so far, if any of its pages was left as it is;
    /// counting starts again.
    mutating func finish() -> String? {
        defer { self = KeptPagesTally() }
        guard let input else { return nil }
        let lines = kept.compactMap { reason, names -> String? in
            guard let first = names.first else { return nil }
            return names.count == 1
                ? "\(first): \(reason.explanation)"
                : "\(input): \(names.count) of \(pages) pages \(reason.pluralExplanation)"
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}
