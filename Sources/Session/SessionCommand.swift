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
    /// A colour preview of the current image in the terminal.
    case show
    /// Write the current image as PNG.
    case save(String)
    case status
    case help
    case quit

    /// Every command word, for completion and help.
    public static let names = ["original", "blur", "binarize", "25%", "75%", "slider", "next", "open",
                               "text", "words", "top", "show", "save", "status", "help", "quit"]

    /// Parses one line; the error says what was expected.
    public init(line: String) throws(SessionCommandError) {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard let first = words.first?.lowercased() else { throw .empty }
        let rest = line.drop { $0.isWhitespace }.drop { !$0.isWhitespace }.trimmingWhitespace()
        func noArguments(_ command: SessionCommand) throws(SessionCommandError) -> SessionCommand {
            guard words.count == 1 else { throw .unexpectedArgument(command: first, argument: String(words[1])) }
            return command
        }
        switch first {
        case "next": self = try noArguments(.next)
        case "text": self = try noArguments(.text)
        case "words": self = try noArguments(.words)
        case "top": self = try noArguments(.top)
        case "show": self = try noArguments(.show)
        case "status": self = try noArguments(.status)
        case "help", "?": self = try noArguments(.help)
        case "quit", "exit": self = try noArguments(.quit)
        case "open":
            guard !rest.isEmpty else { throw .missingPath(command: "open", example: "open images/receipt.png") }
            self = .open(rest)
        case "save":
            guard !rest.isEmpty else { throw .missingPath(command: "save", example: "save filtered.png") }
            guard rest.lowercased().hasSuffix(".png") else { throw .notPNG(rest) }
            self = .save(rest)
        default:
            do {
                self = .filter(try FilterCommand(words: words))
            } catch .unknownCommand {
                throw .unknownCommand(String(words[0]))
            } catch {
                throw .filter(error)
            }
        }
    }
}

/// Why a line was not understood.
public enum SessionCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case unknownCommand(String)
    case unexpectedArgument(command: String, argument: String)
    case missingPath(command: String, example: String)
    case notPNG(String)
    case filter(FilterCommandError)

    public var description: String {
        switch self {
        case .empty:
            "type a command; help lists them"
        case .unknownCommand(let word):
            "unknown command '\(word)'; expected original, blur, binarize, 25%, 75%, slider V, next, open PATH, "
                + "text, words, top, show, save PATH.png, status, help or quit"
        case let .unexpectedArgument(command, argument):
            "'\(command)' takes no '\(argument)'"
        case let .missingPath(command, example):
            "\(command) needs a file, e.g. \(example)"
        case .notPNG(let path):
            "save writes PNG: give a name ending in .png, not '\(path)'"
        case .filter(let error):
            error.description
        }
    }
}

extension Substring {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
