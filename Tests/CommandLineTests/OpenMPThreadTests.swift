import Foundation
import TestSupport
import Testing

/// Each Tesseract engine reads on its own thread: Tesseract's OpenMP regions start no threads
/// of their own unless the user set OMP_THREAD_LIMIT, and filterocr does not restart itself.
@Suite("One thread per engine")
struct OpenMPThreadTests {
    /// The threads and processes `ocr` of a page starts, as strace counts them, with
    /// OMP_THREAD_LIMIT set to `limit` (nil: unset).
    private func started(limit: String?) async throws -> (threads: Int, programs: Int, standardError: String) {
        let trace = try Paths.temporaryDirectory() + "/trace"
        let result = try await Command.run("/usr/bin/strace", ["-f", "-qq", "-e", "trace=clone,clone3,execve", "-o", trace,
                                                          Paths.filterocr, "ocr", "--no-feed", "--no-store",
                                                          Paths.images + "/receipt.png"],
                                     environment: ["OMP_THREAD_LIMIT": limit])
        #expect(result.status == 0, "\(result.standardError)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let threads = calls.filter { ($0.contains("clone(") || $0.contains("clone3(")) && !$0.contains("= -1") }.count
        return (threads, calls.filter { $0.contains("execve(") }.count, result.standardError)
    }

    @Test("Without OMP_THREAD_LIMIT, a recognition starts no more threads than with it at 1, and the process starts once")
    func singleThreadedWithoutTheVariable() async throws {
        let unset = try await started(limit: nil)
        let one = try await started(limit: "1")
        #expect(unset.threads == one.threads, "threads started: \(unset.threads) unset, \(one.threads) at 1")
        #expect(unset.programs == 1, "the process started \(unset.programs) times")
        // The count can tell: a limit the user set is OpenMP's, whose regions then start threads.
        let four = try await started(limit: "4")
        #expect(four.threads > one.threads, "threads started: \(four.threads) at 4, \(one.threads) at 1")
    }

    @Test("An OMP_THREAD_LIMIT that is no positive number counts as unset: one thread per engine, and no word from OpenMP")
    func unusableLimitIsUnset() async throws {
        let unset = try await started(limit: nil)
        for limit in ["", "0", "abc", " ", "-3", "4x", "99999999999999999999999"] {
            let given = try await started(limit: limit)
            #expect(given.threads == unset.threads, "OMP_THREAD_LIMIT='\(limit)': \(given.threads) threads, unset \(unset.threads)")
            #expect(given.standardError.isEmpty, "OMP_THREAD_LIMIT='\(limit)': \(given.standardError)")
        }
        let spaced = try await started(limit: " 4 ")
        #expect(spaced.threads > unset.threads, "a limit OpenMP reads, spaces around it, is still the user's")
    }
}
