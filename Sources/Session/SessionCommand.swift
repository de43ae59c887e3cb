import Foundation
import Imaging

/// A line typed in the REPL, parsed.
public enum SessionCommand: Sendable, Equatable {
    /// `original`, `blur`, `binarize`, `25%`, `75%`, `slider V`.
    case filter(FilterCommand)
    /// A random other image from the image set.
    case next
    /// Load an image file.
    case open(String)
    /// The last recognised text.
    case text
    /// Per-word confidence and box.
    case words
    /// The top words, of the last recognition and of the session.
    case top
    /// A word-level diff of the last recognition against the original's, or the one before.
    case diff(previous: Bool)
    /// The current image at many strengths of a filter (the current one when nil).
    case sweep(FilterKind?)
    /// Search chains of filters on the current image and keep the one that reads best.
    case best
    /// A colour preview of the current image in the terminal.
    case show
    /// Write the current image as PNG.
    case save(String)
    case status
    case help
    case quit

    /// Every command of the session, in the order help lists them: the filter commands of
    /// command scripts, then the session's own. The parser, its errors, the REPL's help, tab
    /// completion and `filterocr repl --help` are all made from this table.
    /// What `save` writes, by the file's extension: the image, or its recognition in one of
    /// Tesseract's formats.
    public static let saveExtensions = ["png", "txt", "tsv", "hocr", "xml", "pdf"]

    public static let vocabulary: [CommandSpec] = FilterCommand.vocabulary + [
        CommandSpec("next", summary: "a random other image of the set"),
        CommandSpec("open", argument: .value(placeholder: "PATH", example: "open images/receipt.png"),
                    summary: "load an image file (quote names with spaces; ~ is your home folder)"),
        CommandSpec("text", summary: "all of the recognised text"),
        CommandSpec("words", summary: "each word box Tesseract found, with its confidence"),
        CommandSpec("top", summary: "the top three words of this image and of the session"),
        CommandSpec("diff", argument: .optional("previous"),
                    summary: "the words the filters changed against the original (or the recognition before)"),
        CommandSpec("sweep", argument: .optional(CommandSpec.filterPlaceholder),
                    summary: "the current image at many strengths of a filter, as a chart, and the best one"),
        CommandSpec("best", summary: "try chains of filters on this image and keep the one that reads best (no truth used)"),
        CommandSpec("show", summary: "a colour preview of the current image"),
        CommandSpec("save", argument: .value(placeholder: "PATH", example: "save filtered.png"),
                    summary: "write the current image (.png) or its recognition (.txt, .tsv, .hocr, .xml for ALTO, .pdf)"),
        CommandSpec("status", summary: "the image, its filters, the cache and the settings"),
        CommandSpec("help", aliases: ["?"], summary: "this list"),
        CommandSpec("quit", aliases: ["exit"], summary: "leave (Ctrl-D too)"),
    ]

    /// Parses one line; nil for a blank line or a comment (`# ...`); the error says what was
    /// expected.
    ///
    /// - Parameter home: the folder a leading `~` in a path stands for.
    public static func parse(_ line: String, home: String? = nil) throws(SessionCommandError) -> SessionCommand? {
        let words = try CommandWords.split(line, home: home)
        guard let first = words.first else { return nil }
        guard let spec = vocabulary.spec(for: first) else { throw .unknownCommand(first) }
        if FilterCommand.vocabulary.contains(spec) {
            do {
                return .filter(try FilterCommand(words: words.map { Substring($0) }))
            } catch {
                throw .filter(error)
            }
        }
        let arguments = words.dropFirst()
        if spec.name == "sweep" {
            if let extra = arguments.dropFirst().first { throw .unexpectedArgument(command: "sweep", argument: extra) }
            guard let word = arguments.first else { return .sweep(nil) }
            guard let kind = FilterKind(rawValue: word.lowercased()) else { throw .filter(.unknownFilter(word)) }
            return .sweep(kind)
        }
        if spec.name == "diff" {
            switch arguments.first?.lowercased() {
            case nil, "original": break
            case "previous": break
            case let other?: throw .unexpectedArgument(command: "diff", argument: other)
            }
            if let extra = arguments.dropFirst().first { throw .unexpectedArgument(command: "diff", argument: extra) }
            return .diff(previous: arguments.first?.lowercased() == "previous")
        }
        if case .value(_, let example) = spec.argument {
            guard var path = arguments.first else { throw .missingPath(command: spec.name, example: example) }
            if arguments.count > 1 {
                // An unquoted name with spaces, as typed before quoting existed: the words
                // after the command are the name. With quotes, the user said where it ends.
                guard !line.contains(where: { "'\"\\".contains($0) }) else {
                    throw .unexpectedArgument(command: spec.name, argument: arguments.dropFirst().joined(separator: " "))
                }
                path = arguments.joined(separator: " ")
            }
            if spec.name == "save" {
                guard Self.saveExtensions.contains(where: { path.lowercased().hasSuffix("." + $0) }) else {
                    throw .unknownSaveFormat(path)
                }
                return .save(path)
            }
            return .open(path)
        }
        if let extra = arguments.first { throw .unexpectedArgument(command: spec.name, argument: extra) }
        switch spec.name {
        case "next": return .next
        case "text": return .text
        case "words": return .words
        case "top": return .top
        case "show": return .show
        case "best": return .best
        case "status": return .status
        case "help": return .help
        default: return .quit
        }
    }

    /// The command's name in the vocabulary, as JSON output labels what produced it.
    public var name: String {
        switch self {
        case .filter(let command):
            switch command {
            case .original: "original"
            case .select(let kind): kind.rawValue
            case .then: "then"
            case .step(let intensity): FilterOperation.percent(intensity)
            case .slider: "slider"
            }
        case .next: "next"
        case .open: "open"
        case .text: "text"
        case .words: "words"
        case .top: "top"
        case .diff: "diff"
        case .sweep: "sweep"
        case .best: "best"
        case .show: "show"
        case .save: "save"
        case .status: "status"
        case .help: "help"
        case .quit: "quit"
        }
    }
}

/// Why a line was not understood.
public enum SessionCommandError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    case unknownCommand(String)
    case unexpectedArgument(command: String, argument: String)
    case missingPath(command: String, example: String)
    case unknownSaveFormat(String)
    case unterminatedQuote(Character)
    case filter(FilterCommandError)

    public var description: String {
        switch self {
        case .unknownCommand(let word):
            "unknown command '\(word)'; expected \(SessionCommand.vocabulary.usageList)"
        case let .unexpectedArgument(command, argument):
            if case .optional(let word)? = SessionCommand.vocabulary.spec(for: command)?.argument {
                "'\(command)' takes only '\(word)' (\(command) \(word)), not '\(argument)'"
            } else {
                "'\(command)' takes no '\(argument)'"
            }
        case let .missingPath(command, example):
            "\(command) needs a file, e.g. \(example)"
        case .unknownSaveFormat(let path):
            "save writes .png (the image), .txt, .tsv, .hocr, .xml (ALTO) or .pdf (its recognition), not '\(path)'"
        case .unterminatedQuote(let quote):
            "a \(quote) quote is not closed; e.g. open \"my scan.png\""
        case .filter(let error):
            error.description
        }
    }

    public var errorDescription: String? { description }
}
