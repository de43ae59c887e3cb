import FileSystem
import Runs
import Testing

@Suite("When a hot folder's file is complete")
struct ArrivalsTests {
    /// What the watcher sees of each file: a number standing in for its size, time and identity.
    private typealias Watched = Arrivals<Int>

    @Test("A file moved in is taken at once, and once, until it is finished")
    func movedIn() {
        var arrivals = Watched(settle: 5)
        #expect(arrivals.changed(.movedIn("a.png"), stamp: 1, now: 1) == ["a.png"])
        #expect(arrivals.changed(.movedIn("a.png"), stamp: 1, now: 2).isEmpty, "not twice")
        #expect(arrivals.settled(now: 100) { _ in 1 }.isEmpty)
    }

    @Test("A file closed after writing is taken only once it has been quiet for the settle time")
    func closedFile() {
        var arrivals = Watched(settle: 5)
        #expect(arrivals.changed(.changing("a.png"), stamp: 1, now: 0).isEmpty)
        #expect(arrivals.changed(.closed("a.png"), stamp: 1, now: 1).isEmpty, "a close alone is not the end")
        #expect(arrivals.settled(now: 5) { _ in 1 }.isEmpty)
        #expect(arrivals.settled(now: 6) { _ in 1 } == ["a.png"])
    }

    @Test("A writer that closes and opens the file again for each chunk is waited for until it is quiet")
    func closeAndReopen() {
        var arrivals = Watched(settle: 2)
        var taken: [String] = []
        for step in 0..<5 {
            let time = Double(step) * 0.7
            taken += arrivals.changed(.changing("c.png"), stamp: 1, now: time)
            taken += arrivals.changed(.closed("c.png"), stamp: 1, now: time + 0.1)
            taken += arrivals.settled(now: time + 0.5) { _ in 1 }
        }
        #expect(taken.isEmpty)
        #expect(arrivals.settled(now: 2.8 + 0.1 + 2) { _ in 1 } == ["c.png"])
    }

    @Test("A file with no close is taken once it has been left unchanged for the settle time")
    func settling() {
        var arrivals = Watched(settle: 5)
        _ = arrivals.changed(.changing("b.png"), stamp: 1, now: 0)
        _ = arrivals.changed(.changing("b.png"), stamp: 1, now: 3)
        #expect(arrivals.untilNextSettles(now: 4) == 4)
        #expect(arrivals.settled(now: 7) { _ in 1 }.isEmpty, "changed at 3: not settled before 8")
        #expect(arrivals.settled(now: 8) { _ in 1 } == ["b.png"])
        #expect(arrivals.untilNextSettles(now: 8) == nil)
    }

    @Test("A file found at the start is taken once it is seen unchanged a settle time later; one that goes is forgotten")
    func foundAndGone() {
        var arrivals = Watched(settle: 5)
        #expect(arrivals.found("a.png", stamp: 1, now: 10).isEmpty, "its own time says nothing: watched first")
        #expect(arrivals.found("new.png", stamp: 1, now: 10).isEmpty)
        #expect(arrivals.settled(now: 14.9) { _ in 1 }.isEmpty)
        _ = arrivals.changed(.gone("new.png"), now: 11)
        #expect(arrivals.settled(now: 15) { _ in 1 } == ["a.png"])
        #expect(arrivals.settled(now: 100) { _ in 1 }.isEmpty)
    }

    @Test("A file whose stamp changed unseen between two looks is waited for a settle time from the second")
    func changedUnseen() {
        var arrivals = Watched(settle: 5)
        _ = arrivals.found("a.png", stamp: 1, now: 0)
        #expect(arrivals.settled(now: 5) { _ in 2 }.isEmpty, "grown since it was found")
        #expect(arrivals.untilNextSettles(now: 5) == 5)
        #expect(arrivals.settled(now: 10) { _ in 2 } == ["a.png"])
    }

    @Test("A file found while --settle is 0 is taken at once; one found again unchanged keeps its time")
    func foundAgain() {
        var now = Watched(settle: 0)
        #expect(now.found("a.png", stamp: 1, now: 0) == ["a.png"])
        var arrivals = Watched(settle: 5)
        _ = arrivals.found("a.png", stamp: 1, now: 0)
        #expect(arrivals.found("a.png", stamp: 1, now: 3).isEmpty, "found again after lost changes, the same")
        #expect(arrivals.settled(now: 5) { _ in 1 } == ["a.png"])
    }

    @Test("When a file was last seen changing is known, by the watcher's clock, until it is finished")
    func lastChange() {
        var arrivals = Watched(settle: 1)
        _ = arrivals.changed(.changing("a.png"), stamp: 1, now: 2)
        _ = arrivals.changed(.closed("a.png"), stamp: 2, now: 3)
        #expect(arrivals.lastChange(of: "a.png") == 3)
        #expect(arrivals.settled(now: 4) { _ in 2 } == ["a.png"])
        #expect(arrivals.lastChange(of: "a.png") == 3, "kept while it is taken")
        arrivals.finished("a.png")
        #expect(arrivals.lastChange(of: "a.png") == nil)
    }

    @Test("A name that changes while it is taken is looked at again once it is finished, from its last change")
    func changedWhileTaken() {
        var arrivals = Watched(settle: 5)
        #expect(arrivals.changed(.movedIn("a.png"), stamp: 1, now: 0) == ["a.png"])
        #expect(arrivals.changed(.movedIn("a.png"), stamp: 1, now: 3).isEmpty, "a new a.png while the first is read")
        #expect(arrivals.settled(now: 50) { _ in 1 }.isEmpty, "not while taken")
        arrivals.finished("a.png")
        #expect(arrivals.untilNextSettles(now: 4) == 4)
        #expect(arrivals.settled(now: 8) { _ in 1 } == ["a.png"])
        arrivals.finished("a.png")
        #expect(arrivals.settled(now: 100) { _ in 1 }.isEmpty, "finished with no change meanwhile: forgotten")
    }

    @Test("A file put back (changed while read, or still open) waits a settle time from then")
    func putBack() {
        var arrivals = Watched(settle: 5)
        #expect(arrivals.changed(.movedIn("a.png"), stamp: 1, now: 0) == ["a.png"])
        arrivals.putBack("a.png", stamp: 1, now: 10)
        #expect(arrivals.settled(now: 14) { _ in 1 }.isEmpty)
        #expect(arrivals.settled(now: 15) { _ in 1 } == ["a.png"])
    }

    @Test("A file held after a reading that failed is taken again when it changes and settles, or at its deadline")
    func held() {
        var arrivals = Watched(settle: 2)
        #expect(arrivals.changed(.movedIn("scan.jpg"), stamp: 1, now: 0) == ["scan.jpg"])
        arrivals.hold("scan.jpg", until: 20)
        #expect(arrivals.untilNextSettles(now: 1) == 19)
        #expect(arrivals.settled(now: 10) { _ in 1 }.isEmpty, "held: not read again before it changes")
        _ = arrivals.changed(.changing("scan.jpg"), stamp: 1, now: 11)
        #expect(arrivals.settled(now: 12.5) { _ in 1 }.isEmpty, "changed: a settle time from the change")
        #expect(arrivals.settled(now: 13) { _ in 1 } == ["scan.jpg"])
        arrivals.hold("scan.jpg", until: 31)
        #expect(arrivals.settled(now: 30.9) { _ in 1 }.isEmpty)
        #expect(arrivals.settled(now: 31) { _ in 1 } == ["scan.jpg"], "left alone until its deadline: taken, to be given up on")
        arrivals.finished("scan.jpg")
        #expect(arrivals.settled(now: 100) { _ in 1 }.isEmpty)
    }

    @Test("A file that changed while it was taken is not held but waited for from that change; one that goes is forgotten")
    func heldAfterChange() {
        var arrivals = Watched(settle: 2)
        #expect(arrivals.changed(.movedIn("a.jpg"), stamp: 1, now: 0) == ["a.jpg"])
        _ = arrivals.changed(.changing("a.jpg"), stamp: 1, now: 1)
        arrivals.hold("a.jpg", until: 50)
        #expect(arrivals.settled(now: 3) { _ in 1 } == ["a.jpg"])
        arrivals.hold("a.jpg", until: 50)
        _ = arrivals.changed(.gone("a.jpg"), now: 4)
        #expect(arrivals.settled(now: 60) { _ in 1 }.isEmpty && arrivals.untilNextSettles(now: 60) == nil)
    }
}
