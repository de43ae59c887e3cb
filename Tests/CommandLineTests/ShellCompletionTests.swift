import Foundation
import TestSupport
import Testing

/// The bash completion script `make install` installs, as bash runs it: sourced, then its
/// function called with a command line the way bash calls it on Tab.
@Suite("filterocr --generate-completion-script bash completes commands and options")
struct ShellCompletionTests {
    /// What the script offers for `line`, the word being typed last (empty after a space).
    private func completions(of line: String) async throws -> [String] {
        let script = try await Command.filterocr(["--generate-completion-script", "bash"])
        #expect(script.status == 0, "\(script.standardError)")
        let file = try Paths.temporaryDirectory() + "/filterocr.bash"
        try script.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
        var words = line.split(separator: " ").map(String.init)
        if line.hasSuffix(" ") { words.append("") }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = """
            source '\(file)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _filterocr filterocr '\(words.last ?? "")' '\(words.count > 1 ? words[words.count - 2] : "")'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await Command.run("/bin/bash", ["-c", driver])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test("Every command is offered after the program's name, and a prefix narrows them")
    func subcommands() async throws {
        let all = try await completions(of: "filterocr ")
        for command in ["repl", "ocr", "filter", "batch", "report", "sweep", "tune", "companion", "serve", "store", "merge"] {
            #expect(all.contains(command), "\(command) missing from \(all)")
        }
        #expect(try await completions(of: "filterocr tu") == ["tune"])
    }

    @Test("--help says how to get the completion script, and the script it names is bash's, with every command")
    func namedInHelp() async throws {
        let help = try await Command.filterocr(["--help"])
        #expect(help.status == 0)
        // The help is wrapped to the terminal: compare it as one line.
        let folded = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(folded.contains("Shell completion (make install installs it): filterocr --generate-completion-script bash > "),
                "\(help.standardOutput)")
        let script = try await Command.filterocr(["--generate-completion-script", "bash"])
        #expect(script.status == 0 && script.standardOutput.contains("_filterocr()"), "\(script.standardError)")
        for command in ["repl", "ocr", "batch", "report", "tune", "watch"] {
            #expect(script.standardOutput.contains(command), "\(command) missing from the script")
        }
    }

    @Test("A command's options are offered, and a prefix narrows them")
    func options() async throws {
        let options = try await completions(of: "filterocr ocr --")
        for option in ["--auto", "--ops", "--json", "--format", "--lang", "--no-store"] {
            #expect(options.contains(option), "\(option) missing from ocr's \(options.count) options")
        }
        #expect(await Set(try completions(of: "filterocr ocr --au")) == ["--auto", "--auto-budget", "--auto-by", "--auto-keep", "--auto-line-budget", "--auto-sample"])
        #expect(try await completions(of: "filterocr store pr") == ["prune"])
    }
}
