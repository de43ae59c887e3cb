import Documents
import Testing

@Suite("The pages --pages selects")
struct PageSelectionTests {
    private func pages(_ text: String, of count: Int) throws -> [Int] {
        Array(try PageSelection(text).pages(of: count))
    }

    @Test("Numbers, ranges and an open end, as OCRmyPDF takes them, numbered from 1")
    func numbersAndRanges() throws {
        let selection = try PageSelection("1,3-5,9-")
        #expect(selection.ranges == [1...1, 3...5, 9...Int.max])
        #expect(selection.description == "1,3-5,9-")
        #expect(selection.firstPage == 1)
        #expect(Array(selection.pages(of: 11)) == [1, 3, 4, 5, 9, 10, 11])
    }

    @Test("Parts in any order, repeated, overlapping or touching, become ascending ranges that do not overlap")
    func merged() throws {
        #expect(try PageSelection("7-9,2,4-5").ranges == [2...2, 4...5, 7...9])
        #expect(try PageSelection("5-7,1-3,4").ranges == [1...7], "3 and 4 touch, 4 and 5 touch")
        #expect(try PageSelection("3,3,3").ranges == [3...3])
        #expect(try PageSelection("2-10,4-6").ranges == [2...10], "a range inside another")
        #expect(try PageSelection("8-,2-4,3-9").ranges == [2...Int.max])
        #expect(try pages("4,2,4,3", of: 9) == [2, 3, 4], "each page once, in order")
    }

    @Test("Spaces around numbers and dashes are allowed")
    func spaces() throws {
        #expect(try PageSelection(" 2 - 4 , 6 ").ranges == [2...4, 6...6])
        #expect(try PageSelection("3 -").ranges == [3...Int.max])
    }

    @Test("What is not a page number from 1 or a range is refused with a message that shows what to type and the part that was wrong",
          arguments: [("", ""), ("0", "0"), ("2,0-3", "0-3"), ("-3", "-3"), ("5-3", "5-3"), ("a", "a"), ("1,,2", ""),
                      ("1-2-3", "1-2-3"), ("1;2", "1;2"), ("3-x", "3-x"), ("99999999999999999999", "99999999999999999999"),
                      ("1,", ""), ("-", "-")])
    func refused(text: String, part: String) throws {
        let error = try #require(throws: PageSelection.ParseError.self) { try PageSelection(text) }
        #expect(error.description == "--pages takes page numbers from 1 and ranges, e.g. --pages 1,3-5 or --pages 10- (not '\(part)')")
    }

    @Test("Pages past a document's end are left out; a selection wholly past it selects none")
    func pastTheEnd() throws {
        #expect(try pages("2-8", of: 4) == [2, 3, 4])
        #expect(try pages("1,3-", of: 3) == [1, 3])
        #expect(try pages("5,7-9", of: 4).isEmpty)
        #expect(try pages("5", of: 5) == [5])
        #expect(try PageSelection("10-").pages(of: 9).count == 0)
    }

    @Test("A document that claims a billion pages has them counted, not listed, and read from the first")
    func countedNotListed() throws {
        let selected = try PageSelection("2,5-").pages(of: 1_000_000_000)
        #expect(selected.count == 999_999_997)
        #expect(selected.underestimatedCount == selected.count)
        #expect(Array(selected.prefix(4)) == [2, 5, 6, 7])
        let all = PageSelection.all(of: 1_000_000_000)
        #expect(all.count == 1_000_000_000)
        #expect(Array(all.prefix(2)) == [1, 2])
    }

    @Test("Every page of a document is the whole range; a document of no pages has none")
    func all() {
        #expect(Array(PageSelection.all(of: 3)) == [1, 2, 3])
        #expect(PageSelection.all(of: 0).count == 0)
        #expect(PageSelection.all(of: -1).count == 0)
    }

    @Test("The first page is the lowest selected, whatever the order typed")
    func firstPage() throws {
        #expect(try PageSelection("9,4-6").firstPage == 4)
        #expect(try PageSelection("12-").firstPage == 12)
    }

    @Test("The description reads back as the same selection")
    func roundTrip() throws {
        for text in ["1", "2-3", "4-", "1,3-5,9-", "6-7,2", "1-3,4-6"] {
            let selection = try PageSelection(text)
            #expect(try PageSelection(selection.description) == selection, "\(text) -> \(selection.description)")
        }
    }

    @Test("A page or range that begins inside an open range is part of it: each page is read once")
    func insideAnOpenRange() throws {
        let (single, range, open) = (try PageSelection("1-,3"), try PageSelection("4-,6-8"), try PageSelection("10-,12-"))
        #expect(single.ranges == [1...Int.max])
        #expect(Array(single.pages(of: 5)) == [1, 2, 3, 4, 5])
        #expect(single.description == "1-")
        #expect(range.ranges == [4...Int.max])
        #expect(Array(range.pages(of: 10)) == [4, 5, 6, 7, 8, 9, 10])
        #expect(open.ranges == [10...Int.max])
        #expect(open.description == "10-")
        #expect(Array(open.pages(of: 13)) == [10, 11, 12, 13])
        // In whatever order the parts come.
        #expect(try PageSelection("3,1-") == single && PageSelection("12-,10-") == open)
    }
}
