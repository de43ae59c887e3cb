import Foundation

/// A list of filter commands written on one line, separated by `;` or new lines:
/// `"blur; 25%; 75%"`, `"binarize; slider 1.5"`.
public struct CommandScript: Sendable, Equatable {
    public let commands: [FilterCommand]

    /// Parses `text`; an error names the bad command and its position.
    public init(_ text: String) throws(CommandScriptError) {
        var commands: [FilterCommand] = []
        let parts = text.split(omittingEmptySubsequences: false) { $0 == ";" || $0 == "\n" }
        for (index, part) in parts.enumerated() {
            let words = part.split(whereSeparator: \.isWhitespace)
            if words.isEmpty { continue }
            do {
                commands.append(try FilterCommand(words: words))
            } catch {
                throw CommandScriptError(position: index + 1, command: words.joined(separator: " "), problem: error)
            }
        }
        self.commands = commands
    }

    /// The state the commands lead to from the original.
    public func finalState() throws(CommandScriptError) -> FilterState {
        var state = FilterState()
        for (index, command) in commands.enumerated() {
            do {
                state = try state.applying(command)
            } catch {
                throw CommandScriptError(position: index + 1, command: command.description, problem: error)
            }
        }
        return state
    }
}

/// A command script that could not be parsed or run, pointing at the bad command.
public struct CommandScriptError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// 1-based position of the command in the script.
    public let position: Int
    public let command: String
    public let problem: FilterCommandError

    public var description: String {
        "command \(position) '\(command)': \(problem)"
    }

    public var errorDescription: String? { description }
}
