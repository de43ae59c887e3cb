import Foundation

/// Runs `work` on a thread of its own and waits for it unless `stop` is raised first; nil
/// then, at once, and the work finishes unseen. For work that cannot stop halfway, such as a
/// filter over a large image, when the caller must be able to give up on it at once.
package func runAside<Value: Sendable>(unless stop: StopSignal, _ work: @escaping @Sendable () -> Value) -> Value? {
    let result = Completion<Value>()
    let thread = Thread { result.fulfil(work()) }
    // As for the engines: the libraries behind some filters need more than the default stack.
    thread.stackSize = 8 << 20
    thread.start()
    return result.wait(unless: stop)
}
