import Imaging
import Session
import Testing

/// The `page` command's rules (SPEC §18: a page is an image in every rule), one test each.
@Suite("Session state machine: pages of a document")
struct PageSessionTests {
    private static let document = "scans/scan.pdf"

    /// A session showing page `page` of a 20-page `scan.pdf`, in the original segment.
    private func reading(page: Int = 1, count: Int = 20) -> SessionMachine {
        var machine = SessionMachine(images: [Self.document, "receipt.png"], seed: 1)
        _ = machine.start(with: Self.document)
        _ = machine.imageLoaded(Self.document, page: .init(number: 1, count: count))
        if page != 1 {
            _ = machine.handle(.page(.number(page)))
            _ = machine.pageLoaded(.init(number: page, count: count))
        }
        return machine
    }

    private func command(_ line: String) throws -> SessionCommand {
        try #require(try SessionCommand.parse(line))
    }

    @Test("page N: that page of the document shown is read, then shown with the filters the page before had")
    func pageKeepsFilters() throws {
        var machine = reading()
        _ = machine.handle(try command("blur"))
        _ = machine.handle(try command("75%"))
        let filters = machine.filters
        #expect(machine.handle(try command("page 3")) == .loadPage(path: Self.document, page: 3))
        #expect(machine.currentPage == .init(number: 1, count: 20), "the page changes once it is read")
        let shown = machine.pageLoaded(.init(number: 3, count: 20))
        #expect(shown == .render(.init(image: Self.document, page: .init(number: 3, count: 20), segment: filters.segment,
                                        operations: filters.operations)))
        #expect(machine.filters == filters && machine.currentPage == .init(number: 3, count: 20))
        #expect(machine.currentImage == Self.document)
    }

    @Test("page next and previous move from the page shown", arguments: [
        ("page next", 6), ("page previous", 4), ("PAGE Next", 6),
    ])
    func relativeMoves(line: String, target: Int) throws {
        var machine = reading(page: 5)
        #expect(machine.handle(try command(line)) == .loadPage(path: Self.document, page: target))
    }

    @Test("A page move on an image is refused, naming the image, and nothing changes")
    func imageHasOnePage() throws {
        var machine = SessionMachine(images: [], seed: 1)
        _ = machine.start(with: "images/receipt.png")
        _ = machine.imageLoaded("images/receipt.png")
        _ = machine.handle(try command("binarize"))
        let before = machine.filters
        #expect(machine.handle(try command("page next"))
                == .refuse("receipt.png has one page; page moves within a PDF or a multi-page TIFF"))
        #expect(machine.filters == before && machine.currentPage == nil)
    }

    @Test("A page past the end, or before the first, is refused and nothing changes", arguments: [
        ("page 21", "there is no page 21: scan.pdf has 20 pages"), ("page 9999999", "there is no page 9999999: scan.pdf has 20 pages"),
    ])
    func pastTheEnd(line: String, message: String) throws {
        var machine = reading(page: 20)
        #expect(machine.handle(try command(line)) == .refuse(message))
        #expect(machine.handle(try command("page next")) == .refuse("there is no page 21: scan.pdf has 20 pages"))
        var first = reading(page: 1)
        #expect(first.handle(try command("page previous")) == .refuse("there is no page before page 1 of scan.pdf"))
        #expect(machine.currentPage == .init(number: 20, count: 20) && first.currentPage == .init(number: 1, count: 20))
    }

    @Test("A one-page PDF has no next page, and says so in the singular")
    func onePagePDF() throws {
        var machine = SessionMachine(images: [], seed: 1)
        _ = machine.imageLoaded("memo.pdf", page: .init(number: 1, count: 1))
        #expect(machine.handle(try command("page next")) == .refuse("there is no page 2: memo.pdf has 1 page"))
    }

    @Test("Messages name the document as the caller names it")
    func nameGiven() throws {
        var machine = SessionMachine(images: [], seed: 1)
        _ = machine.imageLoaded("/tmp/uploads/7/scan.pdf", page: .init(number: 2, count: 2), name: "my scan.pdf")
        #expect(machine.handle(try command("page 3")) == .refuse("there is no page 3: my scan.pdf has 2 pages"))
    }

    @Test("page on the page shown shows it again without reading it")
    func samePage() throws {
        var machine = reading(page: 4)
        _ = machine.handle(try command("blur"))
        let expected = SessionMachine.Transition(image: Self.document, page: .init(number: 4, count: 20), segment: Segment(.blur),
                                                 operations: [FilterOperation(.blur)])
        #expect(machine.handle(try command("page 4")) == .render(expected))
    }

    @Test("A page that cannot be read changes nothing")
    func failedPage() throws {
        var machine = reading(page: 2)
        _ = machine.handle(try command("blur"))
        _ = machine.handle(try command("page 3"))
        #expect(machine.imageFailed(Self.document, reason: "damaged") == .refuse("damaged"))
        #expect(machine.currentPage == .init(number: 2, count: 20) && machine.filters.segment == Segment(.blur))
    }

    @Test("open and next start a document at its first page in the original segment")
    func openStartsAtTheOriginal() throws {
        var machine = reading(page: 7)
        _ = machine.handle(try command("blur"))
        #expect(machine.handle(try command("open other.pdf")) == .load(path: "other.pdf"))
        #expect(machine.imageLoaded("other.pdf", page: .init(number: 1, count: 2))
                == .render(.init(image: "other.pdf", page: .init(number: 1, count: 2), segment: .original, operations: [])))
        guard case .load(let path) = machine.handle(.next) else { Issue.record("next loads"); return }
        _ = machine.imageLoaded(path)
        #expect(machine.currentPage == nil && machine.filters == FilterState())
    }

    @Test("Before any image is loaded, page is refused")
    func nothingLoaded() throws {
        var machine = SessionMachine(images: [], seed: 0)
        #expect(machine.handle(try command("page 2")) == .refuse("no image loaded; try next or open PATH"))
    }

    @Test("best's choice stays on the page shown")
    func adoptKeepsThePage() throws {
        var machine = reading(page: 3)
        let chosen = try FilterState().applying(.select(.binarize))
        let expected = SessionMachine.Transition(image: Self.document, page: .init(number: 3, count: 20),
                                                 segment: Segment(.binarize), operations: chosen.operations)
        #expect(machine.adopt(chosen) == .render(expected))
    }
}

@Suite("REPL command parsing: page")
struct PageCommandTests {
    @Test("page takes a page number from 1 or a word of the table", arguments: [
        ("page 1", PageMove.number(1)), ("page 20", .number(20)), ("page next", .next), ("page PREVIOUS", .previous),
    ])
    func parses(line: String, move: PageMove) throws {
        #expect(try SessionCommand.parse(line) == .page(move))
    }

    @Test("A page that is none says what page takes", arguments: [
        ("page", "page takes a page number from 1, or next or previous; e.g. page 2 or page next"),
        ("page 0", "page takes a page number from 1, or next or previous, not '0'"),
        ("page -2", "not '-2'"), ("page two", "not 'two'"), ("page 2 3", "not '2 3'"), ("page prev", "not 'prev'"), ("page last", "not 'last'"),
        ("page 99999999999999999999", "not '99999999999999999999'"),
    ])
    func refused(line: String, message: String) {
        do {
            _ = try SessionCommand.parse(line)
            Issue.record("\(line) accepted")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test("Usage, help and completion come from the table's words")
    func fromTheTable() throws {
        let spec = try #require(SessionCommand.vocabulary.spec(for: "page"))
        #expect(spec.usage == "page N|next|previous")
        #expect(SessionCommand.vocabulary.helpText.contains("page N|next|previous"))
        #expect(SessionCommand.vocabulary.argumentWords["page"] == PageMove.words.map(\.word))
        #expect(SessionCommandError.unknownCommand("pages").description.contains("page N|next|previous"))
        #expect(try SessionCommand.parse("page next")?.name == "page")
    }
}
