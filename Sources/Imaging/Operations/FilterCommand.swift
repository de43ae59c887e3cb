import Foundation

/// A command that changes which filters are applied, as typed in the REPL or written in a
/// command script: `original`, `blur`, `binarize`, `25%`, `75%`, `slider 1.5`, `then scale`.
public enum FilterCommand: Sendable, Hashable, CustomStringConvertible {
    /// Back to the image as loaded.
    case original
    /// Select a filter's segment: that filter at the default intensity, on the original.
    case select(FilterKind)
    /// Select a filter's segment on top of the current image: the chain so far stays, and
    /// the new filter's steps and slider start from its result.
    case then(FilterKind)
    /// The current filter again at this intensity, on the current image (it compounds).
    case step(Double)
    /// The current filter at this intensity, on the original (it does not compound).
    case slider(Double)

    /// The intensities of the brief's two step buttons.
    public static let steps = [0.25, 0.75]

    public var description: String {
        switch self {
        case .original: "original"
        case .select(let kind): kind.rawValue
        case .then(let kind): "then \(kind.rawValue)"
        case .step(let intensity): FilterOperation.percent(intensity)
        case .slider(let intensity): "slider \(FilterOperation.percent(intensity))"
        }
    }

    /// The commands as a user types them, in the order help lists them.
    public static let vocabulary: [CommandSpec] = [
        CommandSpec("original", summary: "the image as loaded, every filter reverted"),
    ] + FilterKind.allCases.map { CommandSpec($0.rawValue, summary: $0.summary) } + [
        CommandSpec("then", argument: .value(placeholder: CommandSpec.filterPlaceholder, example: "then sauvola"),
                    summary: "a filter on top of the current image (a chain); 25%, 75% and slider then work on it"),
        CommandSpec("25%", summary: "the current filter again at 25% on the current image (it compounds)"),
        CommandSpec("75%", summary: "the current filter again at 75% on the current image (it compounds)"),
        CommandSpec("slider", argument: .value(placeholder: "V", example: "slider 1.5"),
                    summary: "the current filter at V (0-3, or 0%-300%) on the original (after then, on what it started from)"),
    ]

    /// Parses one command from its words, e.g. `["slider", "1.5"]`.
    public init(words: [Substring]) throws(FilterCommandError) {
        guard let first = words.first else { throw .empty }
        guard let spec = Self.vocabulary.spec(for: first) else { throw .unknownCommand(String(first)) }
        let arguments = words.dropFirst()
        if spec.argument == .none, let extra = arguments.first {
            throw .unexpectedArgument(command: spec.name, argument: String(extra))
        }
        switch spec.name {
        case "original": self = .original
        case "25%": self = .step(0.25)
        case "75%": self = .step(0.75)
        case "then":
            guard let word = arguments.first else { throw .missingFilter }
            if let extra = arguments.dropFirst().first {
                throw .unexpectedArgument(command: spec.name, argument: String(extra))
            }
            guard let kind = FilterKind(rawValue: word.lowercased()) else { throw .unknownFilter(String(word)) }
            self = .then(kind)
        case "slider":
            guard let value = arguments.first else { throw .missingSliderValue }
            if let extra = arguments.dropFirst().first {
                throw .unexpectedArgument(command: spec.name, argument: String(extra))
            }
            self = .slider(try Self.sliderIntensity(value))
        default:
            guard let kind = FilterKind(rawValue: spec.name) else { throw .unknownCommand(String(first)) }
            self = .select(kind)
        }
    }

    /// `1.5` or `150%` as an intensity in 0...3.
    public static func sliderIntensity(_ text: Substring) throws(FilterCommandError) -> Double {
        let isPercent = text.hasSuffix("%")
        guard let number = Double(isPercent ? text.dropLast() : text), number.isFinite else {
            throw .notANumber(String(text))
        }
        let intensity = isPercent ? number / 100 : number
        guard FilterOperation.intensityRange.contains(intensity) else { throw .sliderOutOfRange(String(text)) }
        return intensity
    }
}

/// Why a filter command was refused. Each message says what was expected.
public enum FilterCommandError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    case empty
    case unknownCommand(String)
    case unexpectedArgument(command: String, argument: String)
    case missingSliderValue
    case notANumber(String)
    case sliderOutOfRange(String)
    case needsFilter(FilterCommand)
    case missingFilter
    case unknownFilter(String)

    static var expectedCommands: String { FilterCommand.vocabulary.usageList }
    static var filterNames: String { FilterKind.allCases.map(\.rawValue).joined(separator: ", ") }
    static let sliderRange = "a value from 0 to 3 (or 0% to 300%), e.g. slider 1.5"

    public var description: String {
        switch self {
        case .empty:
            "no command; expected \(Self.expectedCommands)"
        case .unknownCommand(let word):
            "unknown command '\(word)'; expected \(Self.expectedCommands)"
        case let .unexpectedArgument(command, argument):
            "'\(command)' takes no '\(argument)'"
        case .missingSliderValue:
            "slider needs \(Self.sliderRange)"
        case .notANumber(let text):
            "slider value '\(text)' is not a number; slider takes \(Self.sliderRange)"
        case .sliderOutOfRange(let text):
            "slider value \(text) is outside 0 to 3 (0% to 300%)"
        case .needsFilter(let command):
            "'\(command)' needs a filter first, e.g. blur or binarize (it is disabled in original; "
                + "help lists all \(FilterKind.allCases.count))"
        case .missingFilter:
            "then needs a filter, e.g. then sauvola; filters: \(Self.filterNames)"
        case .unknownFilter(let word):
            "unknown filter '\(word)'; filters: \(Self.filterNames)"
        }
    }

    public var errorDescription: String? { description }
}
