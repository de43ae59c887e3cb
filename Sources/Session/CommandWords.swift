/// Splits a typed line into words as a shell does, so that paths with spaces can be given:
/// `open "my scan.png"`, `open my\ scan.png`, `open '~/it'"'"'s.png'`.
///
/// Single quotes keep everything literally; double quotes keep everything but `\"` and `\\`;
/// a backslash outside quotes keeps the next character. A `#` that starts a word starts a
/// comment. A `~` or `~/` that starts an unquoted word is the home folder, when one is given.
public enum CommandWords {
    /// The words of `line`; empty for a blank line or a comment.
    public static func split(_ line: String, home: String? = nil) throws(SessionCommandError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        var startedUnquoted = false
        func finish() {
            if inWord { words.append(expandingHome(current, unquoted: startedUnquoted, home: home)) }
            current = ""
            inWord = false
        }
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\", open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case _ where character.isWhitespace:
                finish()
            case "#" where !inWord:
                finish()
                return words
            case "'", "\"":
                if !inWord { startedUnquoted = false }
                inWord = true
                quote = character
            case "\\":
                if !inWord { startedUnquoted = false }
                inWord = true
                escaped = true
            default:
                if !inWord { startedUnquoted = true }
                inWord = true
                current.append(character)
            }
        }
        if let quote { throw .unterminatedQuote(quote) }
        if escaped { current.append("\\") }
        finish()
        return words
    }

    private static func expandingHome(_ word: String, unquoted: Bool, home: String?) -> String {
        guard unquoted, let home, word == "~" || word.hasPrefix("~/") else { return word }
        return home + word.dropFirst()
    }
}
