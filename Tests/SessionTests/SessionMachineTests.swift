import Formats
import Imaging
import Session
import Testing

/// One test per rule of the state table (SPEC §3), named after the rule.
@Suite("Session state machine")
struct SessionMachineTests {
    private static let images = ["a.png", "b.png", "c.png"]

    /// A session showing `a.png` in the original segment.
    private func started() -> SessionMachine {
        var machine = SessionMachine(images: Self.images, seed: 1)
        _ = machine.start(with: "a.png")
        _ = machine.imageLoaded("a.png")
        return machine
    }

    private func run(_ machine: inout SessionMachine, _ lines: [String]) throws -> [SessionMachine.Action] {
        try lines.map { machine.handle(try command($0)) }
    }

    private func command(_ line: String) throws -> SessionCommand {
        try #require(try SessionCommand.parse(line))
    }

    private func names(_ machine: SessionMachine) -> [String] { machine.filters.operationNames }

    @Test("The session starts by loading an image, then renders it in original")
    func start() throws {
        var machine = SessionMachine(images: Self.images, seed: 1)
        guard case .load(let path) = machine.start() else { Issue.record("expected a load"); return }
        #expect(Self.images.contains(path))
        #expect(machine.imageLoaded(path) == .render(.init(image: path, segment: .original, operations: [])))
        #expect(machine.currentImage == path)
    }

    @Test("original: the original, all transformations reverted, from any segment")
    func original() throws {
        var machine = started()
        _ = try run(&machine, ["blur", "25%", "75%"])
        #expect(try run(&machine, ["original"]) == [.render(.init(image: "a.png", segment: .original, operations: []))])
        #expect(machine.filters == FilterState())
        #expect(try run(&machine, ["original"]) == [.render(.init(image: "a.png", segment: .original, operations: []))])
    }

    @Test("blur / binarize: that filter at 0.25 on the original; the segment changes", arguments: ["blur", "binarize"])
    func selectFilter(name: String) throws {
        var machine = started()
        _ = try run(&machine, ["binarize", "75%"])
        let kind = FilterKind(rawValue: name)!
        #expect(try run(&machine, [name]) == [.render(.init(image: "a.png", segment: Segment(kind),
                                                         operations: [FilterOperation(kind, intensity: 0.25)]))])
    }

    @Test("25% / 75%: additive, the current filter applied to the current image", arguments: ["blur", "binarize"])
    func steps(name: String) throws {
        var machine = started()
        _ = try run(&machine, [name, "25%", "75%"])
        #expect(names(machine) == ["\(name) 25%", "\(name) 25%", "\(name) 75%"])
        #expect(machine.filters.segment.rawValue == name)
    }

    @Test("slider V: not additive, the current filter at V applied to the original")
    func slider() throws {
        var machine = started()
        _ = try run(&machine, ["blur", "25%", "75%", "slider 1.5"])
        #expect(names(machine) == ["blur 150%"])
        _ = try run(&machine, ["slider 300%"])
        #expect(names(machine) == ["blur 300%"])
        _ = try run(&machine, ["slider 0"])
        #expect(names(machine) == ["blur 0%"])
    }

    @Test("25%, 75% and slider are refused in original, and nothing changes", arguments: ["25%", "75%", "slider 1"])
    func refusedInOriginal(line: String) throws {
        var machine = started()
        let before = machine
        guard case .refuse(let message) = machine.handle(try command(line)) else {
            Issue.record("\(line) was not refused"); return
        }
        #expect(message.contains("needs a filter first"))
        #expect(machine.filters == before.filters && machine.currentImage == before.currentImage)
    }

    @Test("next: a random other image, never the one shown; the segment returns to original")
    func next() throws {
        var machine = started()
        _ = try run(&machine, ["blur"])
        for _ in 0..<50 {
            guard case .load(let path) = machine.handle(.next) else { Issue.record("expected a load"); return }
            #expect(path != machine.currentImage)
            #expect(machine.imageLoaded(path) == .render(.init(image: path, segment: .original, operations: [])))
        }
    }

    @Test("next with a single image reloads it; with none it is refused")
    func nextWithoutChoice() throws {
        var single = SessionMachine(images: ["only.png"], seed: 3)
        #expect(single.start() == .load(path: "only.png"))
        _ = single.imageLoaded("only.png")
        #expect(single.handle(.next) == .load(path: "only.png"))
        var none = SessionMachine(images: [], seed: 3)
        guard case .refuse = none.start() else { Issue.record("expected a refusal"); return }
    }

    @Test("next is reproducible with the same seed")
    func seeded() throws {
        func sequence(_ seed: UInt64) -> [SessionMachine.Action] {
            var machine = SessionMachine(images: Self.images, seed: seed)
            return (0..<8).map { _ in
                let action = machine.handle(.next)
                if case .load(let path) = action { _ = machine.imageLoaded(path) }
                return action
            }
        }
        #expect(sequence(42) == sequence(42))
        #expect(sequence(42) != sequence(43))
    }

    @Test("open PATH: loads that image; the segment returns to original once loaded")
    func open() throws {
        var machine = started()
        _ = try run(&machine, ["binarize"])
        #expect(machine.handle(.open("other dir/x.png")) == .load(path: "other dir/x.png"))
        _ = machine.imageLoaded("other dir/x.png")
        #expect(machine.filters.segment == .original && machine.currentImage == "other dir/x.png")
    }

    @Test("A failed load changes nothing")
    func failedLoad() throws {
        var machine = started()
        _ = try run(&machine, ["blur", "75%"])
        let before = machine.filters
        _ = machine.handle(.open("/nonexistent.png"))
        #expect(machine.imageFailed("/nonexistent.png", reason: "no such file") == .refuse("no such file"))
        #expect(machine.filters == before && machine.currentImage == "a.png")
    }

    @Test("Queries, save, help and quit change nothing")
    func queries() throws {
        var machine = started()
        _ = try run(&machine, ["blur"])
        let before = machine.filters
        #expect(try run(&machine, ["text", "words", "top", "show", "status", "help"])
                == [.answer(.text), .answer(.words), .answer(.top), .answer(.show), .answer(.status), .answer(.help)])
        #expect(machine.handle(.save("out.png")) == .save(path: "out.png"))
        #expect(machine.handle(.quit) == .quit)
        #expect(machine.filters == before)
    }

    @Test("Before any image is loaded, filters and queries are refused")
    func nothingLoaded() throws {
        var machine = SessionMachine(images: [], seed: 0)
        for command in [SessionCommand.filter(.select(.blur)), .text, .save("x.png")] {
            guard case .refuse = machine.handle(command) else { Issue.record("\(command) not refused"); continue }
        }
    }

    @Test("Mixed sequence gives the exact operation list")
    func mixed() throws {
        var machine = started()
        let expected: [(String, [String])] = [
            ("blur", ["blur 25%"]),
            ("25%", ["blur 25%", "blur 25%"]),
            ("75%", ["blur 25%", "blur 25%", "blur 75%"]),
            ("slider 2", ["blur 200%"]),
            ("75%", ["blur 200%", "blur 75%"]),
            ("binarize", ["binarize 25%"]),
            ("slider 0.5", ["binarize 50%"]),
            ("25%", ["binarize 50%", "binarize 25%"]),
            ("original", []),
            ("75%", []),
        ]
        for (line, operations) in expected {
            _ = machine.handle(try command(line))
            #expect(names(machine) == operations, "after \(line)")
        }
    }
}

@Suite("REPL command parsing")
struct SessionCommandTests {
    @Test("Commands and their arguments", arguments: [
        ("blur", SessionCommand.filter(.select(.blur))), ("  BINARIZE ", .filter(.select(.binarize))),
        ("25%", .filter(.step(0.25))), ("slider 150%", .filter(.slider(1.5))), ("slider 0.5", .filter(.slider(0.5))),
        ("open my scans/page 1.png", .open("my scans/page 1.png")), ("save out.PNG", .save("out.PNG")),
        ("next", .next), ("text", .text), ("words", .words), ("top", .top), ("show", .show),
        ("status", .status), ("help", .help), ("quit", .quit), ("exit", .quit),
        ("diff", .diff(previous: false)), ("diff previous", .diff(previous: true)), ("DIFF Original", .diff(previous: false)),
        ("sweep", .sweep(nil)), ("sweep binarize", .sweep(.binarize)),
    ])
    func parses(line: String, command: SessionCommand) throws {
        #expect(try SessionCommand.parse(line) == command)
    }

    @Test("Bad lines say what was expected", arguments: [
        ("emboss", "unknown command 'emboss'"), ("slider", "slider needs a value"),
        ("slider abc", "'abc' is not a number"), ("slider -1", "outside 0 to 3"), ("slider 3.5", "outside 0 to 3"),
        ("slider nan", "'nan' is not a number"), ("slider inf", "'inf' is not a number"), ("open", "open needs a file"),
        ("save out.jpg", "save writes .png (the image)"), ("next 2", "'next' takes no '2'"), ("blur 2", "'blur' takes no '2'"),
        ("diff later", "'diff' takes only 'previous' (diff previous), not 'later'"), ("sweep emboss", "unknown filter 'emboss'; filters: blur"),
    ])
    func errors(line: String, expected: String) throws {
        do {
            _ = try SessionCommand.parse(line)
            Issue.record("\(line) accepted")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }
}

@Suite("The slider's value: a bare number is a fraction, N% a percentage")
struct SliderValueTests {
    @Test("1.5 and 150% are the same 150%; 1.5% and 0.015 the same 1.5%", arguments: [
        ("slider 1.5", 1.5), ("slider 150%", 1.5), ("slider 1.5%", 0.015), ("slider 0.015", 0.015),
        ("slider 3", 3.0), ("slider 300%", 3.0), ("slider 0", 0.0), ("slider 0%", 0.0),
    ])
    func oneReading(line: String, intensity: Double) throws {
        #expect(try SessionCommand.parse(line) == .filter(.slider(intensity)))
    }

    @Test("The value is said back as a percentage")
    func saidBack() {
        #expect(FilterCommand.slider(1.5).description == "slider 150%")
        #expect(FilterCommand.slider(0.015).description == "slider 1.5%")
    }

    @Test("A bare number above 3 that would be a percentage is refused with what to type", arguments: [
        ("slider 150", "slider value 150 is outside 0 to 3 (0% to 300%); a bare number is a fraction (1.5 is 150%): "
            + "for 150% type slider 150% or slider 1.5"),
        ("slider 12.5", "slider value 12.5 is outside 0 to 3 (0% to 300%); a bare number is a fraction (1.5 is 150%): "
            + "for 12.5% type slider 12.5% or slider 0.125"),
        ("slider 400", "slider value 400 is outside 0 to 3 (0% to 300%)"),
        ("slider 400%", "slider value 400% is outside 0 to 3 (0% to 300%)"),
        ("slider -5", "slider value -5 is outside 0 to 3 (0% to 300%)"),
    ])
    func bareNumberAboveThree(line: String, message: String) throws {
        do {
            let parsed = try SessionCommand.parse(line)
            Issue.record("\(line) accepted as \(String(describing: parsed))")
        } catch {
            #expect(error.description == message)
        }
    }
}

@Suite("REPL command words")
struct CommandWordsTests {
    @Test("Quotes and backslashes keep spaces in a word", arguments: [
        ("open \"my scan.png\"", ["open", "my scan.png"]), ("open 'my scan.png'", ["open", "my scan.png"]),
        ("open my\\ scan.png", ["open", "my scan.png"]), ("open \"say \\\"hi\\\".png\"", ["open", "say \"hi\".png"]),
        ("open 'it'\\''s.png'", ["open", "it's.png"]), ("  blur  ", ["blur"]),
    ])
    func quoting(line: String, words: [String]) throws {
        #expect(try CommandWords.split(line) == words)
    }

    @Test("# starts a comment where a word starts, not inside one or in quotes")
    func comments() throws {
        #expect(try CommandWords.split("# a note").isEmpty)
        #expect(try CommandWords.split("blur # try blur") == ["blur"])
        #expect(try CommandWords.split("open scan#2.png") == ["open", "scan#2.png"])
        #expect(try CommandWords.split("open \"#1.png\"") == ["open", "#1.png"])
        #expect(try SessionCommand.parse("   # nothing to do") == nil)
        #expect(try SessionCommand.parse("") == nil)
    }

    @Test("~ is the home folder at the start of an unquoted word only")
    func home() throws {
        #expect(try CommandWords.split("open ~/a.png", home: "/home/u") == ["open", "/home/u/a.png"])
        #expect(try CommandWords.split("open ~", home: "/home/u") == ["open", "/home/u"])
        #expect(try CommandWords.split("open \"~/a.png\"", home: "/home/u") == ["open", "~/a.png"])
        #expect(try CommandWords.split("open a~/b.png", home: "/home/u") == ["open", "a~/b.png"])
        #expect(try CommandWords.split("open ~/a.png") == ["open", "~/a.png"], "no home, nothing to expand")
    }

    @Test("An unclosed quote is an error that shows how to quote")
    func unclosedQuote() throws {
        #expect(throws: SessionCommandError.unterminatedQuote("\"")) { try CommandWords.split("open \"my scan.png") }
    }

    @Test("Every command of the vocabulary parses by its name and its aliases")
    func vocabularyParses() throws {
        for spec in SessionCommand.vocabulary {
            let argument: String = switch spec.argument {
            case .none: ""
            case .filter: "blur"
            case .path(let example): String(example.split(separator: " ").last ?? "")
            case .value(_, let example): String(example.split(separator: " ").last ?? "")
            // A placeholder such as FILTER stands for any filter's name.
            case .optional(let words): words == words.uppercased() ? "blur" : String(words.split(separator: "|").first ?? "")
            case .numberOrWord(_, let words): words.first ?? "1"
            }
            for word in [spec.name] + spec.aliases {
                let command = try #require(try SessionCommand.parse("\(word) \(argument)"), "\(word)")
                #expect(command.name == spec.name)
            }
        }
    }

    @Test("A word that no entry of the table has is refused, never taken for a command",
          arguments: ["qui", "quitx", "exit2", "helpme", "then2", "previous", "FILTER", "PATH", "V"])
    func onlyTableWords(word: String) {
        #expect(throws: SessionCommandError.unknownCommand(word)) { try SessionCommand.parse(word) }
    }

    @Test("save takes every document format of the table by its extension, and its refusal names them all")
    func saveFormatsFromTheTable() throws {
        for format in DocumentFormat.allCases {
            #expect(try SessionCommand.parse("save out.\(format.fileExtension.uppercased())") == .save("out.\(format.fileExtension.uppercased())"))
        }
        let refusal = SessionCommandError.unknownSaveFormat("out.jpg").description
        for format in DocumentFormat.allCases { #expect(refusal.contains("." + format.fileExtension)) }
    }

    @Test("The unknown-command message lists the vocabulary")
    func unknownListsVocabulary() throws {
        #expect(throws: SessionCommandError.self) { try SessionCommand.parse("emboss") }
        let message = SessionCommandError.unknownCommand("emboss").description
        for spec in SessionCommand.vocabulary { #expect(message.contains(spec.usage)) }
    }

    @Test("Completion offers the filters after then and sweep, previous after diff, the page words after page, nothing after a path or a number")
    func argumentWords() {
        let table = SessionCommand.vocabulary.argumentWords
        let filters = FilterKind.allCases.map(\.rawValue)
        #expect(table["then"] == filters)
        #expect(table["sweep"] == filters)
        #expect(table["diff"] == ["previous"])
        #expect(table["page"] == ["next", "previous"])
        #expect(table["open"] == nil && table["slider"] == nil && table["save"] == nil)
    }
}
