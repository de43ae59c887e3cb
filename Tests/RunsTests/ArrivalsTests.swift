import FileSystem
import Runs
import Testing

@Suite("When a hot folder's file is complete")
struct ArrivalsTests {
    @Test("A file moved in is taken at once, and once, until it is finished")
    func movedIn() {
        var arrivals = Arrivals(settle: 5)
        #expect(arrivals.changed(.movedIn("a.png"), now: 1) == ["a.png"])
        #expect(arrivals.changed(.movedIn("a.png"), now: 2).isEmpty, "not twice")
        #expect(arrivals.settled(now: 100).isEmpty)
    }

    @Test("A file closed after writing is taken only once it has been quiet for the settle time")
    func closedFile() {
        var arrivals = Arrivals(settle: 5)
        #expect(arrivals.changed(.changing("a.png"), now: 0).isEmpty)
        #expect(arrivals.changed(.closed("a.png"), now: 1).isEmpty, "a close alone is not the end")
        #expect(arrivals.settled(now: 5).isEmpty)
        #expect(arrivals.settled(now: 6) == ["a.png"])
    }

    @Test("A writer that closes and opens the file again for each chunk is waited for until it is quiet")
    func closeAndReopen() {
        var arrivals = Arrivals(settle: 2)
        var taken: [String] = []
        for step in 0..<5 {
            let time = Double(step) * 0.7
            taken += arrivals.changed(.changing("c.png"), now: time)
            taken += arrivals.changed(.closed("c.png"), now: time + 0.1)
            taken += arrivals.settled(now: time + 0.5)
        }
        #expect(taken.isEmpty)
        #expect(arrivals.settled(now: 2.8 + 0.1 + 2) == ["c.png"])
    }

    @Test("A file with no close is taken once it has been left unchanged for the settle time")
    func settling() {
        var arrivals = Arrivals(settle: 5)
        _ = arrivals.changed(.changing("b.png"), now: 0)
        _ = arrivals.changed(.changing("b.png"), now: 3)
        #expect(arrivals.untilNextSettles(now: 4) == 4)
        #expect(arrivals.settled(now: 7).isEmpty, "changed at 3: not settled before 8")
        #expect(arrivals.settled(now: 8) == ["b.png"])
        #expect(arrivals.untilNextSettles(now: 8) == nil)
    }

    @Test("A file found at the start is taken if it was last written a settle time ago; one that goes is forgotten")
    func foundAndGone() {
        var arrivals = Arrivals(settle: 5)
        #expect(arrivals.found("old.png", modified: 0, now: 10) == ["old.png"])
        #expect(arrivals.found("new.png", modified: 8, now: 10).isEmpty)
        _ = arrivals.changed(.gone("new.png"), now: 11)
        #expect(arrivals.settled(now: 100).isEmpty)
    }

    @Test("A name that changes while it is taken is looked at again once it is finished, from its last change")
    func changedWhileTaken() {
        var arrivals = Arrivals(settle: 5)
        #expect(arrivals.changed(.movedIn("a.png"), now: 0) == ["a.png"])
        #expect(arrivals.changed(.movedIn("a.png"), now: 3).isEmpty, "a new a.png while the first is read")
        #expect(arrivals.settled(now: 50).isEmpty, "not while taken")
        arrivals.finished("a.png")
        #expect(arrivals.untilNextSettles(now: 4) == 4)
        #expect(arrivals.settled(now: 8) == ["a.png"])
        arrivals.finished("a.png")
        #expect(arrivals.settled(now: 100).isEmpty, "finished with no change meanwhile: forgotten")
    }

    @Test("A file put back (changed while read, or still open) waits a settle time from then")
    func putBack() {
        var arrivals = Arrivals(settle: 5)
        #expect(arrivals.changed(.movedIn("a.png"), now: 0) == ["a.png"])
        arrivals.putBack("a.png", now: 10)
        #expect(arrivals.settled(now: 14).isEmpty)
        #expect(arrivals.settled(now: 15) == ["a.png"])
    }

    @Test("A file held after a reading that failed is taken again when it changes and settles, or at its deadline")
    func held() {
        var arrivals = Arrivals(settle: 2)
        #expect(arrivals.changed(.movedIn("scan.jpg"), now: 0) == ["scan.jpg"])
        arrivals.hold("scan.jpg", until: 20)
        #expect(arrivals.untilNextSettles(now: 1) == 19)
        #expect(arrivals.settled(now: 10).isEmpty, "held: not read again before it changes")
        _ = arrivals.changed(.changing("scan.jpg"), now: 11)
        #expect(arrivals.settled(now: 12.5).isEmpty, "changed: a settle time from the change")
        #expect(arrivals.settled(now: 13) == ["scan.jpg"])
        arrivals.hold("scan.jpg", until: 31)
        #expect(arrivals.settled(now: 30.9).isEmpty)
        #expect(arrivals.settled(now: 31) == ["scan.jpg"], "left alone until its deadline: taken, to be given up on")
        arrivals.finished("scan.jpg")
        #expect(arrivals.settled(now: 100).isEmpty)
    }

    @Test("A file that changed while it was taken is not held but waited for from that change; one that goes is forgotten")
    func heldAfterChange() {
        var arrivals = Arrivals(settle: 2)
        #expect(arrivals.changed(.movedIn("a.jpg"), now: 0) == ["a.jpg"])
        _ = arrivals.changed(.changing("a.jpg"), now: 1)
        arrivals.hold("a.jpg", until: 50)
        #expect(arrivals.settled(now: 3) == ["a.jpg"])
        arrivals.hold("a.jpg", until: 50)
        _ = arrivals.changed(.gone("a.jpg"), now: 4)
        #expect(arrivals.settled(now: 60).isEmpty && arrivals.untilNextSettles(now: 60) == nil)
    }
}
