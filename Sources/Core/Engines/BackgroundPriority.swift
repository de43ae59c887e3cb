import Foundation

/// Work done in the background yields the CPU to the work the user waits for.
enum BackgroundPriority {
    /// The calling thread gets the lowest scheduling priority (nice 19). On Linux the nice
    /// value belongs to a thread, and `who` 0 is the calling one, so the process's other
    /// threads keep theirs.
    static func lowerForThisThread() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
    }
}
