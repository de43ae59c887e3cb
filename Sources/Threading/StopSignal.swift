import Dispatch

/// A stop that is raised once and wakes whoever waits on it, at once: no waiter polls.
///
/// A stop may follow another (`init(following:)`): raising the first raises it too, so a
/// recognition's own stop is raised by the command's, which the REPL's Ctrl-C raises.
public final class StopSignal: Sendable {
    private struct State {
        var raised = false
        var nextID = 0
        /// Told once, when the stop is raised.
        var handlers: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Locked(State())

    public init() {}

    /// A stop raised whenever `parent` is (and on its own through `raise`).
    public convenience init(following parent: StopSignal?) {
        self.init()
        guard let parent else { return }
        let id = parent.whenRaised { [weak self] in self?.raise() }
        if let id { parentLink.withLock { $0 = (parent, id) } } else { raise() }
    }

    /// The parent and this stop's handler there, removed when this stop goes.
    private let parentLink = Locked<(StopSignal, Int)?>(nil)

    deinit {
        if let (parent, id) = parentLink.withLock({ $0 }) { parent.removeHandler(id) }
    }

    public var isRaised: Bool { state.withLock { $0.raised } }

    /// Raises the stop: every handler registered is told, on this thread; later raises do nothing.
    public func raise() {
        let handlers: [@Sendable () -> Void] = state.withLock { state in
            guard !state.raised else { return [] }
            state.raised = true
            defer { state.handlers = [:] }
            return Array(state.handlers.values)
        }
        for handler in handlers { handler() }
    }

    /// Registers `handler` for the raise; nil (and `handler` is not kept) if already raised.
    package func whenRaised(_ handler: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard !state.raised else { return nil }
            state.nextID += 1
            state.handlers[state.nextID] = handler
            return state.nextID
        }
    }

    package func removeHandler(_ id: Int) {
        state.withLock { _ = $0.handlers.removeValue(forKey: id) }
    }
}

/// A value that one thread gives and others wait for, each able to stop waiting when a
/// `StopSignal` is raised: the value's arrival and the stop wake the waiter alike.
package final class Completion<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [DispatchSemaphore] = []
    }

    private let state = Locked(State())

    package init() {}

    /// Gives the value and wakes every waiter; only the first value counts.
    package func fulfil(_ value: Value) {
        let waiters: [DispatchSemaphore] = state.withLock { state in
            guard state.value == nil else { return [] }
            state.value = value
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.signal() }
    }

    /// The value, once given.
    package var value: Value? { state.withLock { $0.value } }

    /// Waits for the value; nil if `stop` is raised first (or was already).
    package func wait(unless stop: StopSignal? = nil) -> Value? {
        let wake = DispatchSemaphore(value: 0)
        let given: Value? = state.withLock { state in
            if let value = state.value { return value }
            state.waiters.append(wake)
            return nil
        }
        if let given { return given }
        guard let stop else {
            wake.wait()
            return value
        }
        guard let id = stop.whenRaised({ wake.signal() }) else { return value }
        wake.wait()
        stop.removeHandler(id)
        return value
    }
}
