/// The segments of the brief's screen: the image as loaded, or one of the filters.
public enum Segment: String, Sendable, CaseIterable, Codable {
    case original
    case blur
    case binarize

    /// The filter this segment applies, if any.
    public var filter: FilterKind? { FilterKind(rawValue: rawValue) }

    public init(_ filter: FilterKind) {
        self = Segment(rawValue: filter.rawValue)!
    }
}

/// A command that changes which filters are applied, as typed in the REPL or written in a
/// command script: `original`, `blur`, `binarize`, `25%`, `75%`, `slider 1.5`.
public enum FilterCommand: Sendable, Hashable, CustomStringConvertible {
    /// Back to the image as loaded.
    case original
    /// Select a filter's segment: that filter at the default intensity, on the original.
    case select(FilterKind)
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
        case .step(let intensity): FilterOperation.percent(intensity)
        case .slider(let intensity): "slider \(FilterOperation.percent(intensity))"
        }
    }

    /// Parses one command from its words, e.g. `["slider", "1.5"]`.
    public init(words: [Substring]) throws(FilterCommandError) {
        guard let first = words.first else { throw .empty }
        let name = first.lowercased()
        let arguments = words.dropFirst()
        switch name {
        case "original", "blur", "binarize", "25%", "75%":
            guard arguments.isEmpty else { throw .unexpectedArgument(command: name, argument: String(arguments.first!)) }
            switch name {
            case "original": self = .original
            case "25%": self = .step(0.25)
            case "75%": self = .step(0.75)
            default: self = .select(FilterKind(rawValue: name)!)
            }
        case "slider":
            guard let value = arguments.first else { throw .missingSliderValue }
            guard arguments.count == 1 else { throw .unexpectedArgument(command: name, argument: String(arguments.last!)) }
            self = .slider(try Self.sliderIntensity(value))
        default:
            throw .unknownCommand(String(first))
        }
    }

    /// `1.5` or `150%` as an intensity in 0...3.
    static func sliderIntensity(_ text: Substring) throws(FilterCommandError) -> Double {
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
public enum FilterCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case unknownCommand(String)
    case unexpectedArgument(command: String, argument: String)
    case missingSliderValue
    case notANumber(String)
    case sliderOutOfRange(String)
    case needsFilter(FilterCommand)

    static let expectedCommands = "original, blur, binarize, 25%, 75% or slider V"
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
            "'\(command)' needs a filter first: choose blur or binarize (it is disabled in original)"
        }
    }
}
