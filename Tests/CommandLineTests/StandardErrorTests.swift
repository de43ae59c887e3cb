import Foundation
import Testing
import TestSupport

/// Standard error is the process's, always: the C libraries are quieted through their own hooks,
/// so what any thread writes there while another reads a page reaches the user.
@Suite("What any thread says on standard error reaches it while pages are read")
struct StandardErrorTests {
    @Test("A trap on one worker, while another reads a page, is reported on standard error")
    func trapWhileReading() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 64 megapixels, within --max-pixels, whose 192 MB of samples cannot be had under the
        // address-space limit below: the decoding worker traps while the other reads its page.
        let big = folder + "/big.png"
        let script = """
            import struct, sys, zlib
            side = 8000
            rows = b"".join(b"\\x00" + (b"\\x00" if y % 400 < 40 else b"\\xff") * side for y in range(side))
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
            png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")
            open(sys.argv[1], "wb").write(png)
            """
        let made = try await Command.run("/usr/bin/python3", ["-c", script, big])
        try #require(made.status == 0, "python3: \(made.standardError)")
        let page = Paths.images + "/receipt.png"
        let limited = try await Command.run("/usr/bin/prlimit", [
            "--as=\(500 << 20)", Paths.filterocr, "batch", "--no-feed", "--no-store", "-j", "2", "--format", "text", page, big,
        ])
        #expect(limited.status != 0)
        let report = limited.standardError
        #expect(report.contains("Fatal error") || report.contains("bad_alloc") || report.contains("memory"),
                "the trap's report is on standard error: \(report.prefix(400))")
    }

    @Test("No descriptor of a reading process points at /dev/null while it reads")
    func descriptorTwoStaysTheTerminal() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // strace records every dup2/dup3 the process makes; none may target descriptor 2.
        let trace = folder + "/trace"
        let traced = try await Command.run("/usr/bin/strace", [
            "-f", "-qq", "-e", "trace=dup2,dup3", "-o", trace, Paths.filterocr, "ocr", "--no-feed", "--no-store",
            Paths.images + "/receipt.png",
        ])
        try #require(traced.status == 0, "strace: \(traced.standardError)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8)
        let ontoTwo = calls.split(separator: "\n").filter { $0.contains("dup2(") || $0.contains("dup3(") }
            .filter { $0.contains(", 2)") || $0.contains(", 2,") }
        #expect(ontoTwo.isEmpty, "descriptor 2 redirected: \(ontoTwo.prefix(3))")
        #expect(!traced.standardOutput.isEmpty, "the page was read")
    }
}
