import Foundation

/// Work that cannot stop halfway (a filter over a large image), run on a thread of its own so
/// that its caller can give up on it at once.
package enum Aside {
    /// Runs `work` on a new thread and waits for its value; nil at once when `stop` is raised
    /// first, and the work finishes unseen.
    package static func run<Value: Sendable>(unless stop: StopSignal, _ work: @escaping @Sendable () -> Value) -> Value? {
        let reply = Completion<Value>()
        let thread = Thread { reply.fulfil(work()) }
        // Some filters' libraries need more than the default 512 KB of stack.
        thread.stackSize = 8 << 20
        thread.start()
        return reply.wait(unless: stop)
    }
}
