import Foundation
import TestSupport
import Testing

/// The command lines the README and the manual in `docs/` show, held against the binary: every
/// one names a command and options that exist, with values they accept; those that read only
/// the repository's own files run, and print what the page shows.
@Suite("The README's and the manual's examples are commands filterocr takes, and print what they show")
struct DocumentationExamplesTests {
    /// One `filterocr` command line of a page, with the lines shown after it (in a console block).
    struct Example: CustomStringConvertible {
        var page: String
        var line: String
        /// The shell words of the `filterocr` command, from `filterocr` to the first `|` or `>`.
        var words: [String]
        var shown: [String]
        var description: String { "\(page): \(line)" }
    }

    static let pages = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: Paths.packageRoot + "/docs")) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

    /// Every example of every page: the `$ ` lines of console blocks, and every line of shell
    /// blocks, that run `filterocr` (first, or after a `|`).
    static func examples() throws -> [Example] {
        var examples: [Example] = []
        for page in pages {
            let text = try String(contentsOfFile: Paths.packageRoot + "/" + page, encoding: .utf8)
            var block: String?
            // The example a console block's output lines belong to: the last `$ ` line's.
            var current: Int?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("```") {
                    block = block == nil ? String(line.dropFirst(3)) : nil
                    current = nil
                    continue
                }
                guard let language = block, ["console", "sh", "bash", "shell"].contains(language) else { continue }
                if language == "console", !line.hasPrefix("$ ") {
                    if let current { examples[current].shown.append(line) }
                    continue
                }
                let command = language == "console" ? String(line.dropFirst(2)) : line
                current = nil
                guard let words = filterocrWords(in: ShellWords.split(command)) else { continue }
                examples.append(Example(page: page, line: command, words: words, shown: []))
                current = examples.count - 1
            }
        }
        return examples.filter { !$0.words.isEmpty }
    }

    /// The words of the pipeline's `filterocr` stage, up to a redirection; nil if none runs it.
    static func filterocrWords(in words: [ShellWords.Word]) -> [String]? {
        var stages: [[ShellWords.Word]] = [[]]
        for word in words {
            if word.isOperator, word.text == "|" || word.text == "&&" { stages.append([]) } else { stages[stages.count - 1].append(word) }
        }
        guard let stage = stages.first(where: { $0.first?.text == "filterocr" && $0.first?.isOperator == false }) else { return nil }
        return stage.prefix { !$0.isOperator }.map(\.text)
    }

    @Test("The pages have examples of every command")
    func examplesFound() async throws {
        let examples = try Self.examples()
        #expect(examples.count >= 50, "\(examples.count) examples")
        let tree = await CommandTree.shared.value
        let commands = Set(examples.compactMap { tree.resolve($0.words).command.name })
        for name in ["repl", "ocr", "filter", "batch", "report", "sweep", "tune", "companion", "serve", "store", "merge"] {
            #expect(commands.contains(name), "no example of \(name)")
        }
    }

    @Test("Every example names a command, options it declares and values they accept", arguments: try examples())
    func parses(_ example: Example) async throws {
        let problems = await CommandTree.shared.value.problems(in: example.words)
        #expect(problems.isEmpty, "\(example): \(problems.joined(separator: "; "))")
    }

    /// The examples that read only files of the repository, one at a time, and write nowhere but
    /// the folder they run in: commands that finish by themselves, each file they name present.
    static func runnable() async throws -> [Example] {
        let tree = await CommandTree.shared.value
        return try examples().filter { example in
            let resolved = tree.resolve(example.words)
            // Commands that wait for a person, or read and write the user's own files.
            // JSON is shown broken over lines and shortened, so only its command is checked.
            guard !["companion", "serve", "store", "merge", "tune"].contains(resolved.command.name),
                  resolved.command.name != "repl" || example.line.contains("|"),
                  !example.words.contains("--json"), !example.shown.isEmpty else { return false }
            let inputs = resolved.positionals + resolved.values(of: ["--truth", "--stopwords"])
            let outputs = resolved.values(of: ["-o", "--output", "--plot", "--save-dir"])
            return !inputs.isEmpty && inputs.allSatisfy { !$0.hasSuffix("/") && FileManager.default.fileExists(atPath: Paths.packageRoot + "/" + $0) }
                && outputs.allSatisfy { !$0.contains("/") }
        }
    }

    @Test("Examples on the repository's files print what the page shows", arguments: try await runnable())
    func runs(_ example: Example) async throws {
        let folder = try Paths.temporaryDirectory()
        for name in ["images", "corpus"] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: Paths.packageRoot + "/" + name)
        }
        let binFolder = (Paths.filterocr as NSString).deletingLastPathComponent
        let path = binFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try await Command.run("/bin/bash", ["-c", example.line], environment: [
            "PATH": path, "FILTEROCR_STORE": "none", "XDG_CACHE_HOME": folder + "/cache",
        ], directory: folder)
        #expect(result.status == 0, "\(example): \(result.standardError)")
        let output = result.standardOutput + "\n" + result.standardError
        let printed = Set(output.split(separator: "\n").map { Self.masked(String($0)) })
        for line in example.shown.map(Self.masked) where !line.isEmpty && line != "..." {
            #expect(printed.contains(line), "\(example): it does not print \"\(line)\"; it prints:\n\(output.prefix(1500))")
        }
    }

    /// `line` with what differs from run to run replaced (seconds taken: `6.0 s`, and a table's
    /// last column of seconds, `1.22`), and its runs of spaces made one, since a table's
    /// columns are as wide as its longest entry.
    static func masked(_ line: String) -> String {
        line.replacing(/[0-9]+(\.[0-9]+)? s\b/, with: "N s").replacing(/\ +[0-9]+\.[0-9][0-9]$/, with: " N")
            .replacing(/\ +/, with: " ").trimmingCharacters(in: .whitespaces)
    }
}

/// Words of a shell command line, as bash splits them: quotes removed, and the operators
/// `|`, `&&`, `;`, `>`, `<` and a comment's start told apart from quoted text.
enum ShellWords {
    struct Word: Equatable {
        var text: String
        var isOperator = false
    }

    static func split(_ line: String) -> [Word] {
        var words: [Word] = []
        var current: String?
        var quote: Character?
        func finish() {
            if let word = current { words.append(Word(text: word)) }
            current = nil
        }
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            if let open = quote {
                if character == open { quote = nil } else { current!.append(character) }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                current = current ?? ""
            case " ", "\t":
                finish()
            case "#" where current == nil:
                finish()
                return words
            case "\\":
                if let next = characters.popFirst() { current = (current ?? "") + String(next) }
            case "|", ";", ">", "<", "&":
                finish()
                var text = String(character)
                if let next = characters.first, next == character || (character == ">" && next == "&") {
                    text.append(characters.removeFirst())
                }
                words.append(Word(text: text, isOperator: true))
            default:
                current = (current ?? "") + String(character)
            }
        }
        finish()
        return words
    }
}

/// filterocr's commands and their arguments, as `--experimental-dump-help` declares them.
final class CommandTree: Sendable {
    struct Argument: Sendable {
        var names: [String]
        var takesValue: Bool
        var values: [String]?
    }

    struct Node: Sendable {
        var name: String
        var arguments: [Argument]
        var subcommands: [Node]
        var defaultSubcommand: String?
    }

    /// An example's words read against the tree.
    struct Resolved {
        var command: Node
        var positionals: [String]
        var options: [(name: String, value: String?)]

        func values(of names: [String]) -> [String] { options.filter { names.contains($0.name) }.compactMap(\.value) }
    }

    let root: Node

    /// The built binary's tree, asked for once.
    static let shared = Task<CommandTree, Never> {
        let result = try? await Command.filterocr(["--experimental-dump-help"])
        let json = (try? JSONSerialization.jsonObject(with: result?.outputData ?? Data())) as? [String: Any]
        return CommandTree(root: node(json?["command"] as? [String: Any] ?? [:]))
    }

    init(root: Node) { self.root = root }

    private static func node(_ json: [String: Any]) -> Node {
        let arguments = (json["arguments"] as? [[String: Any]] ?? []).map { argument in
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                guard let text = name["name"] as? String else { return nil }
                return (name["kind"] as? String == "short" || name["kind"] as? String == "longWithSingleDash" ? "-" : "--") + text
            }
            return Argument(names: names, takesValue: argument["kind"] as? String == "option",
                            values: argument["allValues"] as? [String])
        }
        return Node(name: json["commandName"] as? String ?? "", arguments: arguments,
                    subcommands: (json["subcommands"] as? [[String: Any]] ?? []).map(node),
                    defaultSubcommand: json["defaultSubcommand"] as? String)
    }

    /// The command `words` (from `filterocr`) run, and its arguments.
    func resolve(_ words: [String]) -> Resolved {
        var command = root
        var rest = words.dropFirst()
        while let next = rest.first, let sub = command.subcommands.first(where: { $0.name == next }) {
            command = sub
            rest = rest.dropFirst()
        }
        if command.name == root.name, let name = command.defaultSubcommand,
           let sub = command.subcommands.first(where: { $0.name == name }) {
            command = sub
        }
        var resolved = Resolved(command: command, positionals: [], options: [])
        while let word = rest.popFirst() {
            guard word.hasPrefix("-"), word != "-" else {
                resolved.positionals.append(word)
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            let argument = command.arguments.first { $0.names.contains(parts[0]) }
            if argument?.takesValue == true {
                resolved.options.append((parts[0], parts.count > 1 ? parts[1] : rest.popFirst()))
            } else {
                resolved.options.append((parts[0], nil))
            }
        }
        return resolved
    }

    /// What in `words` the command does not take.
    func problems(in words: [String]) -> [String] {
        let resolved = resolve(words)
        var problems: [String] = []
        if words.count > 1, resolved.command.name == root.defaultSubcommand, words[1] != root.defaultSubcommand,
           !words[1].hasPrefix("-") {
            problems.append("\(words[1]) is not a command")
        }
        let builtIn = ["--help", "-h", "--version", "--generate-completion-script"]
        for (name, value) in resolved.options where !builtIn.contains(name) {
            guard let argument = resolved.command.arguments.first(where: { $0.names.contains(name) }) else {
                problems.append("\(resolved.command.name) has no option \(name)")
                continue
            }
            if argument.takesValue, value == nil { problems.append("\(name) needs a value") }
            if let allowed = argument.values, let value, !allowed.contains(value) {
                problems.append("\(name) takes \(allowed.joined(separator: ", ")), not \(value)")
            }
        }
        return problems
    }
}
