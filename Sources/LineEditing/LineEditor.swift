internal import CEditLine
import Foundation

/// Line editing, history and tab completion on a terminal, through libedit's readline
/// interface. libedit keeps its state in C globals, so there is one editor per process;
/// use it from one thread.
public final class LineEditor {
    private let historyFile: String?
    /// Whether the locale's character set can show any prompt.
    private let localeIsUTF8: Bool
    static let historyLength: Int32 = 1000

    /// - Parameters:
    ///   - name: the program name libedit uses to pick settings from ~/.editrc.
    ///   - completions: words completed at the start of a line.
    ///   - argumentCompletions: words completed after a first word (`then` → the filters);
    ///     after any other, and after the second word, words complete as files.
    ///   - historyFile: where history is read from now and saved to on `deinit`.
    public init(name: String, completions: [String], argumentCompletions: [String: [String]] = [:], historyFile: String?) {
        self.historyFile = historyFile
        // libedit decodes the prompt and the keys typed with the locale's character set; in
        // the default "C" locale anything beyond ASCII fails to decode and crashes it. The
        // rest of the output is UTF-8 whatever the locale, so a locale without it (LANG
        // unset) gets C.UTF-8, and only where that is missing does the prompt fall back to ASCII.
        setlocale(LC_CTYPE, "")
        if !Self.localeIsUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }
        localeIsUTF8 = Self.localeIsUTF8
        rl_readline_name = UnsafePointer(strdup(name))
        CompletionWords.words = completions
        CompletionWords.arguments = argumentCompletions
        rl_attempted_completion_function = completeWord
        // libedit's history exists only once initialised; reading into it before crashes.
        _ = rl_initialize()
        using_history()
        stifle_history(Self.historyLength)
        if let historyFile { _ = read_history(historyFile) }
    }

    private static var localeIsUTF8: Bool { String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" }

    deinit {
        if let historyFile { _ = write_history(historyFile) }
    }

    /// The line typed after `prompt`, or nil at end of input or when the read was
    /// interrupted by a signal (the caller tells them apart).
    public func readLine(prompt: String) -> String? {
        let shown = localeIsUTF8 ? prompt : String(String.UnicodeScalarView(prompt.unicodeScalars.map { $0.isASCII ? $0 : "?" }))
        guard let line = readline(shown) else { return nil }
        defer { free(line) }
        return String(cString: line)
    }

    public func addToHistory(_ line: String) {
        _ = add_history(line)
    }
}

/// The words `completeWord` offers; a C callback cannot capture them. Safe without a lock:
/// written in `LineEditor.init`, before libedit can call back, and otherwise only by that
/// callback, which runs inside `readLine` on the editor's one thread.
private enum CompletionWords {
    nonisolated(unsafe) static var words: [String] = []
    nonisolated(unsafe) static var arguments: [String: [String]] = [:]
    /// The words the completion under way chooses from.
    nonisolated(unsafe) static var offered: [String] = []
}

private func completeWord(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    if start == 0 {
        CompletionWords.offered = CompletionWords.words
    } else {
        // The second word of a command that takes one of a few words; otherwise libedit completes file names.
        let before = rl_line_buffer.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self),
                                                                    count: Int(start))) } ?? []
        let words = String(decoding: before, as: UTF8.self).split(separator: " ")
        guard words.count == 1, let offered = CompletionWords.arguments[words[0].lowercased()] else { return nil }
        CompletionWords.offered = offered
    }
    rl_attempted_completion_over = 1
    return rl_completion_matches(text) { text, state in
        let prefix = text.map { String(cString: $0) } ?? ""
        let matches = CompletionWords.offered.filter { $0.hasPrefix(prefix) }
        guard Int(state) < matches.count else { return nil }
        return strdup(matches[Int(state)])
    }
}
