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

    private func run(_ machine: inout SessionMachine, _ lines: [String]) -> [SessionMachine.Action] {
        lines.map { machine.handle(try! SessionCommand(line: $0)) }
    }

    private func names(_ machine: SessionMachine) -> [String] { machine.filters.operationNames }

    @Test("The session starts by loading an image, then renders it in original")
    func start() {
        var machine = SessionMachine(images: Self.images, seed: 1)
        guard case .load(let path) = machine.start() else { Issue.record("expected a load"); return }
        #expect(Self.images.contains(path))
        #expect(machine.imageLoaded(path) == .render(.init(image: path, segment: .original, operations: [])))
        #expect(machine.currentImage == path)
    }

    @Test("original: the original, all transformations reverted, from any segment")
    func original() {
        var machine = started()
        _ = run(&machine, ["blur", "25%", "75%"])
        #expect(run(&machine, ["original"]) == [.render(.init(image: "a.png", segment: .original, operations: []))])
        #expect(machine.filters == FilterState())
        #expect(run(&machine, ["original"]) == [.render(.init(image: "a.png", segment: .original, operations: []))])
    }

    @Test("blur / binarize: that filter at 0.25 on the original; the segment changes", arguments: ["blur", "binarize"])
    func selectFilter(name: String) {
        var machine = started()
        _ = run(&machine, ["binarize", "75%"])
        let kind = FilterKind(rawValue: name)!
        #expect(run(&machine, [name]) == [.render(.init(image: "a.png", segment: Segment(kind),
                                                         operations: [FilterOperation(kind, intensity: 0.25)]))])
    }

    @Test("25% / 75%: additive, the current filter applied to the current image", arguments: ["blur", "binarize"])
    func steps(name: String) {
        var machine = started()
        _ = run(&machine, [name, "25%", "75%"])
        #expect(names(machine) == ["\(name) 25%", "\(name) 25%", "\(name) 75%"])
        #expect(machine.filters.segment.rawValue == name)
    }

    @Test("slider V: not additive, the current filter at V applied to the original")
    func slider() {
        var machine = started()
        _ = run(&machine, ["blur", "25%", "75%", "slider 1.5"])
        #expect(names(machine) == ["blur 150%"])
        _ = run(&machine, ["slider 300%"])
        #expect(names(machine) == ["blur 300%"])
        _ = run(&machine, ["slider 0"])
        #expect(names(machine) == ["blur 0%"])
    }

    @Test("25%, 75% and slider are refused in original, and nothing changes", arguments: ["25%", "75%", "slider 1"])
    func refusedInOriginal(line: String) {
        var machine = started()
        let before = machine
        guard case .refuse(let message) = machine.handle(try! SessionCommand(line: line)) else {
            Issue.record("\(line) was not refused"); return
        }
        #expect(message.contains("needs a filter first"))
        #expect(machine.filters == before.filters && machine.currentImage == before.currentImage)
    }

    @Test("next: a random other image, never the one shown; the segment returns to original")
    func next() {
        var machine = started()
        _ = run(&machine, ["blur"])
        for _ in 0..<50 {
            guard case .load(let path) = machine.handle(.next) else { Issue.record("expected a load"); return }
            #expect(path != machine.currentImage)
            #expect(machine.imageLoaded(path) == .render(.init(image: path, segment: .original, operations: [])))
        }
    }

    @Test("next with a single image reloads it; with none it is refused")
    func nextWithoutChoice() {
        var single = SessionMachine(images: ["only.png"], seed: 3)
        #expect(single.start() == .load(path: "only.png"))
        _ = single.imageLoaded("only.png")
        #expect(single.handle(.next) == .load(path: "only.png"))
        var none = SessionMachine(images: [], seed: 3)
        guard case .refuse = none.start() else { Issue.record("expected a refusal"); return }
    }

    @Test("next is reproducible with the same seed")
    func seeded() {
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
    func open() {
        var machine = started()
        _ = run(&machine, ["binarize"])
        #expect(machine.handle(.open("other dir/x.png")) == .load(path: "other dir/x.png"))
        _ = machine.imageLoaded("other dir/x.png")
        #expect(machine.filters.segment == .original && machine.currentImage == "other dir/x.png")
    }

    @Test("A failed load changes nothing")
    func failedLoad() {
        var machine = started()
        _ = run(&machine, ["blur", "75%"])
        let before = machine.filters
        _ = machine.handle(.open("/nonexistent.png"))
        #expect(machine.imageFailed("/nonexistent.png", reason: "no such file") == .refuse("no such file"))
        #expect(machine.filters == before && machine.currentImage == "a.png")
    }

    @Test("Queries, save, help and quit change nothing")
    func queries() {
        var machine = started()
        _ = run(&machine, ["blur"])
        let before = machine.filters
        #expect(run(&machine, ["text", "words", "top", "show", "status", "help"])
                == [.answer(.text), .answer(.words), .answer(.top), .answer(.show), .answer(.status), .answer(.help)])
        #expect(machine.handle(.save("out.png")) == .save(path: "out.png"))
        #expect(machine.handle(.quit) == .quit)
        #expect(machine.filters == before)
    }

    @Test("Before any image is loaded, filters and queries are refused")
    func nothingLoaded() {
        var machine = SessionMachine(images: [], seed: 0)
        for command in [SessionCommand.filter(.select(.blur)), .text, .save("x.png")] {
            guard case .refuse = machine.handle(command) else { Issue.record("\(command) not refused"); continue }
        }
    }

    @Test("Mixed sequence gives the exact operation list")
    func mixed() {
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
            _ = machine.handle(try! SessionCommand(line: line))
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
    ])
    func parses(line: String, command: SessionCommand) throws {
        #expect(try SessionCommand(line: line) == command)
    }

    @Test("Bad lines say what was expected", arguments: [
        ("sharpen", "unknown command 'sharpen'"), ("slider", "slider needs a value"),
        ("slider abc", "'abc' is not a number"), ("slider -1", "outside 0 to 3"), ("slider 3.5", "outside 0 to 3"),
        ("slider nan", "'nan' is not a number"), ("slider inf", "'inf' is not a number"), ("open", "open needs a file"),
        ("save out.jpg", "save writes PNG"), ("next 2", "'next' takes no '2'"), ("blur 2", "'blur' takes no '2'"),
    ])
    func errors(line: String, expected: String) {
        do {
            _ = try SessionCommand(line: line)
            Issue.record("\(line) accepted")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }
}
