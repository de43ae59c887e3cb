import Formats
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
    /// Another page of the document shown, with the same filters.
    case page(PageMove)
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

    /// What `save` writes, by the file's extension: the image, or its recognition in one of
    /// Tesseract's formats.
    public static let saveExtensions = ["png"] + DocumentFormat.allCases.flatMap(\.fileExtensions)

    /// Every command of the session, in the order help lists them: the filter commands of
    /// command scripts, then the session's own, each with how it is made. The parser, its
    /// errors, the REPL's help, tab completion and `filterocr repl --help` all come from it.
    public static let table = CommandTable<SessionCommand, SessionCommandError>(
        FilterCommand.table.mapped({ .filter($0) }, failure: { .filter($0) }) + [
            .init(CommandSpec("next", summary: "a random other image of the set"), .next, extra: refuse),
            .init(CommandSpec("open", argument: .path(example: "open images/receipt.png"),
                              summary: "load an image file (quote names with spaces; ~ is your home folder)")) {
                arguments, line throws(SessionCommandError) in .open(try path("open", arguments, line: line))
            },
            .init(CommandSpec("page", argument: .numberOrWord(placeholder: "N", words: PageMove.words.map(\.word)),
                              summary: "another page of the PDF or multi-page TIFF shown, with the same filters")) {
                arguments, _ throws(SessionCommandError) in
                guard arguments.count == 1, let word = arguments.first else {
                    throw .badPage(arguments.isEmpty ? nil : arguments.joined(separator: " "))
                }
                if let move = PageMove(word: word) { return .page(move) }
                guard let number = Int(word), number >= 1 else { throw .badPage(word) }
                return .page(.number(number))
            },
            .init(CommandSpec("text", summary: "all of the recognised text"), .text, extra: refuse),
            .init(CommandSpec("words", summary: "each word box Tesseract found, with its confidence"), .words, extra: refuse),
            .init(CommandSpec("top", summary: "the top three words of this image and of the session"), .top, extra: refuse),
            .init(CommandSpec("diff", argument: .optional("previous"),
                              summary: "the words the filters changed against the original (or the recognition before)")) {
                arguments, _ throws(SessionCommandError) in
                let against = arguments.first?.lowercased()
                if let against, against != "original", against != "previous" {
                    throw .unexpectedArgument(command: "diff", argument: against)
                }
                if let extra = arguments.dropFirst().first { throw .unexpectedArgument(command: "diff", argument: extra) }
                return .diff(previous: against == "previous")
            },
            .init(CommandSpec("sweep", argument: .filter(optional: true),
                              summary: "the current image at many strengths of a filter, as a chart, and the best one")) {
                arguments, _ throws(SessionCommandError) in
                if let extra = arguments.dropFirst().first { throw .unexpectedArgument(command: "sweep", argument: extra) }
                guard let word = arguments.first else { return .sweep(nil) }
                guard let kind = FilterKind(rawValue: word.lowercased()) else { throw .filter(.unknownFilter(word)) }
                return .sweep(kind)
            },
            .init(CommandSpec("best", summary: "try chains of filters on this image and keep the one that reads best (no truth used)"),
                  .best, extra: refuse),
            .init(CommandSpec("show", summary: "a colour preview of the current image"), .show, extra: refuse),
            .init(CommandSpec("save", argument: .path(example: "save filtered.png"),
                              summary: "write the current image (.png) or its recognition (\(DocumentFormat.extensionList))")) {
                arguments, line throws(SessionCommandError) in
                let path = try path("save", arguments, line: line)
                guard saveExtensions.contains(where: { path.lowercased().hasSuffix("." + $0) }) else {
                    throw .unknownSaveFormat(path)
                }
                return .save(path)
            },
            .init(CommandSpec("status", summary: "the image, its filters, the cache and the settings"), .status, extra: refuse),
            .init(CommandSpec("help", aliases: ["?"], summary: "this list"), .help, extra: refuse),
            .init(CommandSpec("quit", aliases: ["exit"], summary: "leave (Ctrl-D too)"), .quit, extra: refuse),
        ])

    /// The commands' specs, in the order help lists them.
    public static var vocabulary: [CommandSpec] { table.specs }

    private static let refuse: @Sendable (String, String) -> SessionCommandError = { .unexpectedArgument(command: $0, argument: $1) }

    /// The file a command names. An unquoted name with spaces, as typed before quoting
    /// existed: the words after the command are the name; with quotes, the user said where
    /// it ends.
    private static func path(_ command: String, _ arguments: [String], line: String) throws(SessionCommandError) -> String {
        guard let first = arguments.first else {
            let example = if case .path(let example)? = vocabulary.spec(for: command)?.argument { example } else { command }
            throw .missingPath(command: command, example: example)
        }
        guard arguments.count > 1 else { return first }
        guard !line.contains(where: { "'\"\\".contains($0) }) else {
            throw .unexpectedArgument(command: command, argument: arguments.dropFirst().joined(separator: " "))
        }
        return arguments.joined(separator: " ")
    }

    /// Parses one line; nil for a blank line or a comment (`# ...`); the error says what was
    /// expected.
    ///
    /// - Parameter home: the folder a leading `~` in a path stands for.
    public static func parse(_ line: String, home: String? = nil) throws(SessionCommandError) -> SessionCommand? {
        let words = try CommandWords.split(line, home: home)
        guard let first = words.first else { return nil }
        guard let command = try table.parse(words, line: line) else { throw .unknownCommand(first) }
        return command
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
            case .pageSegmentation: "psm"
            case .thresholding: "thresholding"
            }
        case .next: "next"
        case .open: "open"
        case .page: "page"
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
    /// `page` without a page, or with something that is none (what was given, if anything).
    case badPage(String?)
    case unterminatedQuote(Character)
    case filter(FilterCommandError)

    public var description: String {
        switch self {
        case .unknownCommand(let word):
            "unknown command '\(word)'; expected \(SessionCommand.vocabulary.usageList)"
        case let .unexpectedArgument(command, argument):
            if let word = Self.onlyWord(after: command) {
                "'\(command)' takes only '\(word)' (\(command) \(word)), not '\(argument)'"
            } else {
                "'\(command)' takes no '\(argument)'"
            }
        case let .missingPath(command, example):
            "\(command) needs a file, e.g. \(example)"
        case .unknownSaveFormat(let path):
            "save writes .png (the image), \(DocumentFormat.extensionList) (its recognition), not '\(path)'"
        case .badPage(let given):
            "page takes a page number from 1, or " + Self.pageWords + (given.map { ", not '\($0)'" } ?? "; e.g. page 2 or page next")
        case .unterminatedQuote(let quote):
            "a \(quote) quote is not closed; e.g. open \"my scan.png\""
        case .filter(let error):
            error.description
        }
    }

    public var errorDescription: String? { description }

    /// `next or previous`, from the table.
    private static var pageWords: String {
        let words = PageMove.words.map(\.word)
        return words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
    }

    /// The one word a command may take, when it takes one: `previous`, `FILTER`.
    private static func onlyWord(after command: String) -> String? {
        switch SessionCommand.vocabulary.spec(for: command)?.argument {
        case .optional(let word): word
        case .filter(optional: true): CommandSpec.filterPlaceholder
        default: nil
        }
    }
}
