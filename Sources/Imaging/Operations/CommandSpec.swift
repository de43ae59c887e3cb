/// One entry of a command vocabulary: the word a user types, what it takes and a line of
/// help. Parsers, their error messages, help screens and completion are all made from these
/// tables, so a command is described in one place.
public struct CommandSpec: Sendable, Equatable {
    /// What follows the command word.
    public enum Argument: Sendable, Equatable {
        case none
        /// A filter's word: required (`then FILTER`) or not (`sweep [FILTER]`).
        case filter(optional: Bool)
        /// A file, with an example for error messages (`open PATH`).
        case path(example: String)
        /// A value such as `V` in `slider V`, with an example for error messages.
        case value(placeholder: String, example: String)
        /// A word that may follow, such as `previous` in `diff [previous]`.
        case optional(String)
        /// A whole number or one of `words`, such as `page N|next|previous`.
        case numberOrWord(placeholder: String, words: [String])
    }

    /// How usage writes an argument that names a filter (`then FILTER`).
    public static let filterPlaceholder = "FILTER"

    public let name: String
    /// Other words accepted for it, such as `exit` for `quit`.
    public let aliases: [String]
    public let argument: Argument
    public let summary: String

    public init(_ name: String, aliases: [String] = [], argument: Argument = .none, summary: String) {
        self.name = name
        self.aliases = aliases
        self.argument = argument
        self.summary = summary
    }

    /// `slider V`, `open PATH`, `blur`.
    public var usage: String {
        switch argument {
        case .none: name
        case .filter(optional: false): "\(name) \(Self.filterPlaceholder)"
        case .filter(optional: true): "\(name) [\(Self.filterPlaceholder)]"
        case .path: "\(name) PATH"
        case .value(let placeholder, _): "\(name) \(placeholder)"
        case .optional(let word): "\(name) [\(word)]"
        case let .numberOrWord(placeholder, words): "\(name) " + ([placeholder] + words).joined(separator: "|")
        }
    }

    /// Whether `word` (already lower-cased) names this command.
    public func matches(_ word: String) -> Bool { word == name || aliases.contains(word) }
}

extension Array where Element == CommandSpec {
    /// The entry that `word` names, ignoring case.
    public func spec(for word: some StringProtocol) -> CommandSpec? {
        let lowered = word.lowercased()
        return first { $0.matches(lowered) }
    }

    /// `original, blur, binarize, 25%, 75% or slider V`, for "expected ..." messages.
    public var usageList: String {
        let usages = map(\.usage)
        guard let last = usages.last else { return "" }
        return usages.count == 1 ? last : usages.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Every word that names a command, for completion.
    public var words: [String] { flatMap { [$0.name] + $0.aliases } }

    /// The words that may follow each command, for completion: the filters after `then`
    /// and `sweep`, `previous` after `diff`, `next` and the like after `page`. Commands that
    /// take only a path or a number are left out.
    public var argumentWords: [String: [String]] {
        var table: [String: [String]] = [:]
        for spec in self {
            let words: [String] = switch spec.argument {
            case .filter: FilterKind.allCases.map(\.rawValue)
            case .optional(let word): [word]
            case .numberOrWord(_, let words): words
            case .path, .value, .none: []
            }
            for name in [spec.name] + spec.aliases where !words.isEmpty { table[name] = words }
        }
        return table
    }

    /// Two columns, usage and summary, for a help screen.
    public var helpText: String {
        let width = (map(\.usage.count).max() ?? 0) + 2
        return map { $0.usage.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary }
            .joined(separator: "\n")
    }
}
