import Core
import Imaging
import Session

/// The commands a user is likely to type next, what each would do from where the session
/// stands, and the order to prepare them in: pure decisions, no engines.
public struct Prediction: Sendable, Equatable {
    /// What preparing the command takes.
    public enum Work: Sendable, Equatable {
        /// The current image rendered with `operations` and recognised.
        case render(operations: [FilterOperation])
        /// The image at `path` read and its original recognised.
        case load(path: String)
        /// Page `page` of the document shown read, rendered with the filters the session
        /// keeps across pages, and recognised (its original too, when filtered).
        case turnPage(path: String, page: Int, operations: [FilterOperation])
    }

    public var command: SessionCommand
    public var work: Work
    /// Milliseconds it is expected to take, for the order.
    public var cost: Double

    /// The commands of the brief's screen worth preparing: 25% and 75% on the current
    /// segment, the other segments at their default strength, back to the original, the
    /// next page of a document (what a reader of page N most often asks for), and the next
    /// random image (which the session's seed fixes).
    static let likelyCommands: [SessionCommand] = [
        .filter(.step(0.25)), .filter(.step(0.75)), .filter(.select(.blur)), .filter(.select(.binarize)),
        .filter(.original), .page(.next), .next,
    ]

    /// What the likely commands would do from `machine`'s state, cheapest first, leaving out
    /// those that would do nothing new (the current state) or are `known` already.
    ///
    /// - Parameters:
    ///   - pixels: the current image's size in pixels, for the filters' cost.
    ///   - recognitionTime: milliseconds the current image's original took to recognise.
    ///   - known: whether a rendering is prepared or cached already.
    public static func next(from machine: SessionMachine, pixels: Int, recognitionTime: Double,
                            known: ([FilterOperation]) -> Bool) -> [Prediction] {
        let current = machine.filters.operations
        var seen: [Work] = []
        var predictions: [Prediction] = []
        for command in likelyCommands {
            var copy = machine
            let work: Work
            switch copy.handle(command) {
            case .render(let transition):
                guard transition.operations != current, !known(transition.operations) else { continue }
                work = .render(operations: transition.operations)
            case .load(let path):
                guard path != machine.currentImage else { continue }
                work = .load(path: path)
            case .loadPage(let path, let page):
                work = .turnPage(path: path, page: page, operations: current)
            default:
                continue
            }
            guard !seen.contains(work) else { continue }
            seen.append(work)
            let cost = estimatedCost(of: work, from: current, pixels: pixels, recognitionTime: recognitionTime)
            predictions.append(Prediction(command: command, work: work, cost: cost))
        }
        // A stable sort: equal costs keep the order of likelihood.
        return predictions.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map(\.element)
    }

    /// Milliseconds to filter (from the current rendering when the operations extend it) and
    /// recognise. Text blurred beyond σ 8 is gone, and Tesseract finds nothing on the page
    /// quickly; a new image costs its decoding and a recognition of unknown length, taken as
    /// half again the current one's.
    static func estimatedCost(of work: Work, from current: [FilterOperation], pixels: Int,
                              recognitionTime: Double) -> Double {
        switch work {
        case .load:
            return recognitionTime * 1.5 + Double(pixels) * 10e-6
        case .turnPage(_, _, let operations):
            // A page of the same document is taken to be like this one: its reading, the
            // filters from scratch, and a second recognition (its original) when filtered.
            let filtering = operations.reduce(0.0) { $0 + Double(pixels) * $1.kind.nanosecondsPerPixel * 1e-6 }
            return Double(pixels) * 10e-6 + filtering + recognitionTime * (operations.isEmpty ? 1 : 2)
        case .render(let operations):
            let new = operations.starts(with: current) ? operations.dropFirst(current.count) : operations[...]
            let filtering = new.reduce(0.0) { $0 + Double(pixels) * $1.kind.nanosecondsPerPixel * 1e-6 }
            let blurredAway = operations.contains { $0.kind == .blur && $0.parameter.value >= 8 }
            return filtering + recognitionTime * (blurredAway ? 0.1 : 1)
        }
    }
}
