/// A command vocabulary that parses: each command's spec (for help, error messages and
/// completion) beside how the words after it become the command. The parser only looks a
/// word up here, so a word that is in no entry can never turn into a command.
public struct CommandTable<Command: Sendable, Failure: Error>: Sendable {
    /// One command: its spec and how it is made.
    public struct Entry: Sendable {
        public let spec: CommandSpec
        /// Makes the command from the words after the command word (and the whole line, for
        /// a name with spaces), or refuses them.
        let build: @Sendable (_ arguments: [String], _ line: String) throws(Failure) -> Command

        public init(_ spec: CommandSpec,
                    build: @escaping @Sendable (_ arguments: [String], _ line: String) throws(Failure) -> Command) {
            self.spec = spec
            self.build = build
        }

        /// An entry whose command takes nothing: a word after it is refused with `extra`.
        public init(_ spec: CommandSpec, _ command: Command,
                    extra: @escaping @Sendable (_ command: String, _ argument: String) -> Failure) {
            self.init(spec) { arguments, _ throws(Failure) in
                if let argument = arguments.first { throw extra(spec.name, argument) }
                return command
            }
        }
    }

    public let entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The specs, in the order help lists them.
    public var specs: [CommandSpec] { entries.map(\.spec) }

    /// The command `words` make (the first is the command word); nil when no entry has that word.
    public func parse(_ words: [String], line: String) throws(Failure) -> Command? {
        guard let first = words.first else { return nil }
        let lowered = first.lowercased()
        guard let entry = entries.first(where: { $0.spec.matches(lowered) }) else { return nil }
        return try entry.build(Array(words.dropFirst()), line)
    }

    /// These entries making another kind of command, with their errors said as another's.
    public func mapped<Other: Sendable, OtherFailure: Error>(
        _ command: @escaping @Sendable (Command) -> Other, failure: @escaping @Sendable (Failure) -> OtherFailure
    ) -> [CommandTable<Other, OtherFailure>.Entry] {
        entries.map { entry in
            CommandTable<Other, OtherFailure>.Entry(entry.spec) { arguments, line throws(OtherFailure) in
                do throws(Failure) {
                    return command(try entry.build(arguments, line))
                } catch {
                    throw failure(error)
                }
            }
        }
    }
}
