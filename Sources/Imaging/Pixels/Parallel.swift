import Dispatch

/// Splits loops over independent rows, columns or samples across the cores.
enum Parallel {
    /// Work below this many elements runs on the calling thread: splitting it costs more
    /// than it saves.
    static let minimumChunk = 16_384

    /// Calls `body` with disjoint ranges that together cover `0..<count`, concurrently.
    static func forEachChunk(of count: Int, minimumChunk: Int = Parallel.minimumChunk,
                             _ body: (Range<Int>) -> Void) {
        let chunks = min(max(1, count / max(1, minimumChunk)), cores * 4)
        guard chunks > 1 else {
            body(0..<count)
            return
        }
        withoutActuallyEscaping(body) { body in
            let body = UnsafeSendable(body)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                body.value(count * chunk / chunks ..< count * (chunk + 1) / chunks)
            }
        }
    }

    static let cores = max(1, System.activeProcessorCount)
}

/// Hands a buffer or closure to worker threads that use disjoint parts of it.
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

#if canImport(Glibc)
import Glibc
enum System {
    static var activeProcessorCount: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
#else
import Foundation
enum System {
    static var activeProcessorCount: Int { ProcessInfo.processInfo.activeProcessorCount }
}
#endif
