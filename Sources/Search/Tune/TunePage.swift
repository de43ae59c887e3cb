import Core
import Documents
import FileSystem

/// A page a tuning reads: an image, or a document's page, with the text it really contains.
public struct TunePage: Sendable, Equatable {
    /// The input as the user named it.
    public var input: String
    /// The document's page (from 1); nil for an image.
    public var page: Int?
    public var truth: String

    public init(input: String, page: Int? = nil, truth: String) {
        (self.input, self.page, self.truth) = (input, page, truth)
    }

    /// The page as reports name it: `scan.png`, `book.pdf page 3`.
    public var name: String {
        let shown = PathEncoding.displayed(input)
        return page.map { "\(shown) page \($0)" } ?? shown
    }

    /// The pages of `inputs` (files, folders searched for images and documents, globs), in
    /// the order batch reads them, split into those with a truth and the names of those
    /// without (which count in no rate); a document that cannot be opened is named in
    /// `failures`. A `--truth` file that cannot be read throws.
    public static func find(in inputs: [String], selection: PageSelection?,
                            truth: TruthSource) throws -> (pages: [TunePage], withoutTruth: [String], failures: [String]) {
        var (pages, withoutTruth, failures): ([TunePage], [String], [String]) = ([], [], [])
        for input in BatchInputs(arguments: inputs) where input != ImageLoader.standardInputName {
            for unit in WorkUnit.units(of: input, selection: selection) {
                if let failure = unit.failure {
                    failures.append(failure)
                } else if let text = try truth.text(for: unit.input, page: unit.page) {
                    pages.append(TunePage(input: unit.input, page: unit.page, truth: text))
                } else {
                    withoutTruth.append(TunePage(input: unit.input, page: unit.page, truth: "").name)
                }
            }
        }
        return (pages, withoutTruth, failures)
    }
}
