import Foundation
import TestSupport
import Testing

/// The memory figure the hostile-input tests assert on must be the command's own.
@Suite("Measured commands")
struct MeasuredCommandTests {
    @Test("A measured command's peak memory is its own, however large the test runner has grown")
    func peakIsTheCommandsOwn() async throws {
        // Grow this process by 600 MB of touched pages, more than any limit the tests assert.
        let size = 600 << 20
        let ballast = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        defer { ballast.deallocate() }
        ballast.initializeMemory(as: UInt8.self, repeating: 1, count: size)
        let result = try await Command.measuredFilterocr(["--version"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.peakBytes < 200 << 20, "peak \(result.peakMegabytes) MB")
        #expect(result.peakBytes > 1 << 20, "peak \(result.peakBytes) bytes")
    }

    @Test("A command that runs past its CPU limit is ended, and the status says so")
    func runawayIsEnded() async throws {
        // `--auto` on a 12 MP photo takes many CPU seconds: well past a one-second limit.
        let result = try await Command.measuredFilterocr(["ocr", "--no-feed", "--auto", Paths.images + "/document_photo_12mp.jpg"],
                                                   cpuLimitSeconds: 1)
        #expect(result.status == 128 + SIGXCPU, "\(result.status): \(result.standardError)")
    }
}
