import FileSystem
import Runs
import Testing

@Suite("When a hot folder's file is complete")
struct ArrivalsTests {
    @Test("A file closed after writing is taken at once, and once, until it is finished")
    func closedFile() {
        var arrivals = Arrivals(settle: 5)
        #expect(arrivals.changed(.changing("a.png"), now: 0).isEmpty)
        #expect(arrivals.changed(.completed("a.png"), now: 1) == ["a.png"])
        #expect(arrivals.changed(.completed("a.png"), now: 2).isEmpty, "not twice")
        #expect(arrivals.settled(now: 100).isEmpty)
        arrivals.finished("a.png")
        #expect(arrivals.changed(.completed("a.png"), now: 101) == ["a.png"], "a new file of the same name")
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
}
