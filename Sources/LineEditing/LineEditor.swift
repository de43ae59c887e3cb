internal import CEditLine
import Foundation
import Synchronization

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
        Completion.table.withLock { $0 = Completion(words: completions, arguments: argumentCompletions) }
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

/// The words `completeWord` offers, kept where the C callback can reach them (it cannot
/// capture), behind a lock: written in `LineEditor.init`, read by the callback inside `readLine`.
/// libedit keeps one line being edited for the whole process, and this is its one table: the
/// process's line-editing state, as libedit's own globals are.
private struct Completion {
    /// Completed at the start of a line.
    var words: [String] = []
    /// Completed after a first word: `then` → the filters.
    var arguments: [String: [String]] = [:]
    /// The words the completion under way chooses from.
    var offered: [String] = []

    /// The process's one table, beside libedit's one line buffer.
    static let table = Mutex(Completion())
}

private func completeWord(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    // The first word, or the second of a command that takes one of a few words; anywhere
    // else libedit completes file names.
    let before = start == 0 ? "" : rl_line_buffer.map {
        String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: Int(start)),
               as: UTF8.self)
    } ?? ""
    let words = before.split(separator: " ")
    let found: Bool = Completion.table.withLock { table in
        guard let offered = start == 0 ? table.words : words.count == 1 ? table.arguments[words[0].lowercased()] : nil
        else { return false }
        table.offered = offered
        return true
    }
    guard found else { return nil }
    rl_attempted_completion_over = 1
    return rl_completion_matches(text) { text, state in
        let prefix = text.map { String(cString: $0) } ?? ""
        let matches = Completion.table.withLock { $0.offered.filter { $0.hasPrefix(prefix) } }
        guard Int(state) < matches.count else { return nil }
        return strdup(matches[Int(state)])
    }
}
