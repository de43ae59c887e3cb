import Foundation
import Testing
import Threading

@Suite("Stops that wake their waiters")
struct StopSignalTests {
    @Test("A waiter wakes when the stop is raised, with no value; a stop raised before the wait returns at once")
    func raiseWakesTheWaiter() {
        let result = Completion<Int>()
        let stop = StopSignal()
        let waited = Completion<Int?>()
        let waiter = Thread { waited.fulfil(result.wait(unless: stop)) }
        waiter.start()
        stop.raise()
        #expect(waited.wait() == .some(nil), "woken by the stop, not by a value")
        #expect(Completion<Int>().wait(unless: stop) == nil)
        result.fulfil(7)
        #expect(result.wait(unless: stop) == 7, "a value already given is returned even after a stop")
    }

    @Test("A waiter wakes when the value is given; only the first value counts")
    func valueWakesTheWaiter() {
        let result = Completion<String>()
        let waited = Completion<String?>()
        let waiter = Thread { waited.fulfil(result.wait(unless: StopSignal())) }
        waiter.start()
        result.fulfil("read")
        result.fulfil("again")
        #expect(waited.wait() == .some("read"))
        #expect(result.value == "read")
    }

    @Test("A stop that follows another is raised with it, and not the other way round")
    func following() {
        let command = StopSignal()
        let recognition = StopSignal(following: command)
        let other = StopSignal(following: command)
        other.raise()
        #expect(!command.isRaised)
        #expect(!recognition.isRaised)
        command.raise()
        #expect(recognition.isRaised)
        #expect(StopSignal(following: command).isRaised, "following a raised stop starts raised")
        #expect(!StopSignal(following: nil).isRaised)
    }
}
