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
    /// The engine's page segmentation mode for the reading, whatever the filters (`psm 6`);
    /// nil goes back to the run's.
    case pageSegmentation(Int?)
    /// The engine's thresholding method (`thresholding sauvola`); nil goes back to its default.
    case thresholding(EngineThresholding?)

    /// The intensities of the brief's two step buttons.
    public static let steps = [0.25, 0.75]

    public var description: String {
        switch self {
        case .original: "original"
        case .select(let kind): kind.rawValue
        case .then(let kind): "then \(kind.rawValue)"
        case .step(let intensity): FilterOperation.percent(intensity)
        case .slider(let intensity): "slider \(FilterOperation.percent(intensity))"
        case .pageSegmentation(let mode): "psm \(mode.map(String.init) ?? "default")"
        case .thresholding(let method): "thresholding \(method?.rawValue ?? "default")"
        }
    }

    /// The commands as a user types them, in the order help lists them, each with how it is
    /// made: the parser, its errors, help and completion all come from this table.
    public static let table = CommandTable<FilterCommand, FilterCommandError>([
        .init(CommandSpec("original", summary: "the image as loaded, every filter reverted"), .original, extra: refuse),
    ] + FilterKind.allCases.map { kind in
        .init(CommandSpec(kind.rawValue, summary: kind.summary), .select(kind), extra: refuse)
    } + [
        .init(CommandSpec("then", argument: .filter(optional: false),
                          summary: "a filter on top of the current image (a chain); 25%, 75% and slider then work on it")) {
            arguments, _ throws(FilterCommandError) in
            guard let word = arguments.first else { throw .missingFilter }
            if let extra = arguments.dropFirst().first { throw .unexpectedArgument(command: "then", argument: extra) }
            guard let kind = FilterKind(rawValue: word.lowercased()) else { throw .unknownFilter(word) }
            return .then(kind)
        },
        .init(CommandSpec("25%", summary: "the current filter again at 25% on the current image (it compounds)"),
              .step(0.25), extra: refuse),
        .init(CommandSpec("75%", summary: "the current filter again at 75% on the current image (it compounds)"),
              .step(0.75), extra: refuse),
        .init(CommandSpec("slider", argument: .value(placeholder: "V", example: "slider 1.5"),
                          summary: "the current filter at V on the original (after then, on what it started from): "
                              + "V is 0-3 or 0%-300%, so 1.5 and 150% are the same")) {
            arguments, _ throws(FilterCommandError) in
            guard let value = arguments.first else { throw .missingSliderValue }
            if let extra = arguments.dropFirst().first { throw .unexpectedArgument(command: "slider", argument: extra) }
            return .slider(try sliderIntensity(Substring(value)))
        },
        .init(CommandSpec("psm", argument: .numberOrWord(placeholder: "MODE", words: ["default"]),
                          summary: "Tesseract reads with page segmentation mode MODE (6: one block, 4: one column; default: the run's)")) {
            arguments, _ throws(FilterCommandError) in
            guard let word = arguments.first else { throw .missingEngineSetting("psm") }
            if let extra = arguments.dropFirst().first { throw .unexpectedArgument(command: "psm", argument: extra) }
            if word.lowercased() == "default" { return .pageSegmentation(nil) }
            guard let mode = Int(word), EngineSettings.pageSegmentationModes.contains(mode) else {
                throw .badEngineSetting(command: "psm", value: word)
            }
            return .pageSegmentation(mode)
        },
        .init(CommandSpec("thresholding", argument: .numberOrWord(placeholder: "METHOD",
                                                                    words: EngineThresholding.allCases.map(\.rawValue) + ["default"]),
                          summary: "Tesseract thresholds the page with METHOD (otsu, its default; tiled; sauvola)")) {
            arguments, _ throws(FilterCommandError) in
            guard let word = arguments.first else { throw .missingEngineSetting("thresholding") }
            if let extra = arguments.dropFirst().first { throw .unexpectedArgument(command: "thresholding", argument: extra) }
            if word.lowercased() == "default" { return .thresholding(nil) }
            guard let method = EngineThresholding(rawValue: word.lowercased()) else {
                throw .badEngineSetting(command: "thresholding", value: word)
            }
            return .thresholding(method)
        },
    ])

    /// The commands' specs, in the order help lists them.
    public static var vocabulary: [CommandSpec] { table.specs }

    private static let refuse: @Sendable (String, String) -> FilterCommandError = { .unexpectedArgument(command: $0, argument: $1) }

    /// Parses one command from its words, e.g. `["slider", "1.5"]`.
    public init(words: [Substring]) throws(FilterCommandError) {
        let words = words.map(String.init)
        guard let first = words.first else { throw .empty }
        guard let command = try Self.table.parse(words, line: words.joined(separator: " ")) else {
            throw .unknownCommand(first)
        }
        self = command
    }

    /// `1.5` or `150%` as an intensity in 0...3. A bare number is the fraction of full strength
    /// (as the spec's `slider 1.5` and every `--ops` script since have it), never a percentage:
    /// `150` is refused, with what to type, rather than read one way or the other.
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
    case missingEngineSetting(String)
    case badEngineSetting(command: String, value: String)

    static var expectedCommands: String { FilterCommand.vocabulary.usageList }
    static var filterNames: String { FilterKind.allCases.map(\.rawValue).joined(separator: ", ") }
    static let sliderRange = "a value from 0 to 3 (or 0% to 300%), e.g. slider 1.5 or slider 150%"

    /// For a bare number that would be in range as a percentage (`slider 150`), what to type
    /// for it: a bare number is a fraction, so the user most likely meant the percentage.
    static func percentHint(_ text: String) -> String {
        guard !text.hasSuffix("%"), let number = Double(text),
              FilterOperation.intensityRange.contains(number / 100) else { return "" }
        let percent = FilterOperation.percent(number / 100)
        return "; a bare number is a fraction (1.5 is 150%): for \(percent) type slider \(percent) or slider "
            + String(format: "%g", number / 100)
    }

    static func engineSettingUsage(_ command: String) -> String {
        command == "psm"
            ? "psm takes a mode, " + EngineSettings.pageSegmentationModes.map(String.init).joined(separator: ", ")
                + ", or default, e.g. psm 6"
            : "thresholding takes " + EngineThresholding.allCases.map(\.rawValue).joined(separator: ", ") + " or default, e.g. thresholding sauvola"
    }

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
            "slider value \(text) is outside 0 to 3 (0% to 300%)" + Self.percentHint(text)
        case .needsFilter(let command):
            "'\(command)' needs a filter first, e.g. blur or binarize (it is disabled in original; "
                + "help lists all \(FilterKind.allCases.count))"
        case .missingFilter:
            "then needs a filter, e.g. then sauvola; filters: \(Self.filterNames)"
        case .unknownFilter(let word):
            "unknown filter '\(word)'; filters: \(Self.filterNames)"
        case .missingEngineSetting(let command):
            Self.engineSettingUsage(command)
        case let .badEngineSetting(command, value):
            "\(command) takes no '\(value)'; " + Self.engineSettingUsage(command)
        }
    }

    public var errorDescription: String? { description }
}
