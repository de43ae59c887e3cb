import Foundation
import TestSupport
import Testing

/// The defects a campaign of hostile input found, each through the built binary (SPEC §8).
@Suite("Hostile input, limits and special files")
struct HostileInputTests {
    private let phototest = Paths.corpus + "/phototest.tif"
    private let small = Paths.images + "/price_tag.bmp"

    private func feedObject(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test("A feed whose sequence is the largest integer neither crashes nor loses the result")
    func sequenceAtLimit() async throws {
        let feed = try Paths.temporaryDirectory() + "/topwords.json"
        var object = try await feedObject(try {
            let seed = try Paths.temporaryDirectory() + "/seed.json"
            #expect(try await Command.filterocr(["ocr", "--feed", seed, small]).status == 0)
            return seed
        }())
        object["sequence"] = Int.max
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: feed))
        for command in [["ocr", small], ["batch", small]] {
            let result = try await Command.filterocr(command + ["--feed", feed])
            #expect(result.status == 0, "\(command): \(result.standardError)")
            #expect(result.standardOutput.contains("SPECIAL"), "the result is printed")
        }
        let repl = try await Command.filterocr(["repl", "--image", small, "--feed", feed], input: Data("blur\n".utf8))
        #expect(repl.status == 0)
        let sequence = try #require(try feedObject(feed)["sequence"] as? Int)
        #expect((1...10).contains(sequence), "the sequence starts again from 1: \(sequence)")
    }

    @Test("Feed paths of one character, . and ./ neither crash nor stop recognition", arguments: ["a", ".", "./"])
    func shortFeedPaths(feed: String) async throws {
        let folder = try Paths.temporaryDirectory()
        let result = try await Command.filterocr(["ocr", "--feed", feed, small], directory: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("SPECIAL"))
        if feed == "a" {
            #expect(try feedObject(folder + "/a")["sequence"] as? Int == 1)
        } else {
            #expect(result.standardError.contains("is a directory"), "\(result.standardError)")
        }
    }

    @Test("A huge file is refused from its size, without reading it")
    func byteLimit() async throws {
        let folder = try Paths.temporaryDirectory()
        let path = folder + "/padded.png"
        try Data(contentsOf: URL(fileURLWithPath: Paths.packageRoot + "/Tests/ImageCodecTests/Fixtures/rgb.png"))
            .write(to: URL(fileURLWithPath: path))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 8 << 30)  // sparse: no disk is used
        try handle.close()
        let result = try await Command.filterocr(["ocr", "--no-feed", path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("8.6 GB, above the limit"), "\(result.standardError)")
        #expect(result.seconds < 30, "refused without reading 8 GB")
    }

    @Test("Standard input is read in bounded chunks: endless input is refused from its header or at the limit")
    func endlessStandardInput() async throws {
        let zeros = try await Command.filterocr(["batch", "--no-feed", "--stdin-image"], inputPath: "/dev/zero")
        #expect(zeros.status == 1)
        #expect(zeros.standardError.contains("is not an image in a known format"), "\(zeros.standardError)")
        // A valid header, then no end: read up to the byte limit, and no further.
        let png = Paths.packageRoot + "/Tests/ImageCodecTests/Fixtures/rgb.png"
        let endless = try await Command.run("/bin/sh", ["-c", "cat \"$1\" /dev/zero | \"$0\" batch --no-feed --stdin-image --max-bytes 5000000",
                                                  Paths.filterocr, png])
        #expect(endless.status == 1)
        #expect(endless.standardError.contains("larger than the limit of 5.0 MB"), "\(endless.standardError)")
    }

    @Test("Special files as an image say what they are", arguments: ["/dev/null", "/dev/zero", "fifo"])
    func specialImages(path: String) async throws {
        var target = path
        if path == "fifo" {
            target = try Paths.temporaryDirectory() + "/images.fifo"
            #expect(mkfifo(target, 0o600) == 0)
        }
        let result = try await Command.filterocr(["ocr", "--no-feed", target])
        #expect(result.status == 1)
        let expected = path == "fifo" ? "is a FIFO (named pipe), not an image file" : "is a character device, not an image file"
        #expect(result.standardError.contains(expected), "\(result.standardError)")
    }

    @Test("A FIFO or a link as the feed or an output is refused and left as it is")
    func specialOutputs() async throws {
        let folder = try Paths.temporaryDirectory()
        let fifo = folder + "/fifo.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        let elsewhere = folder + "/elsewhere.png"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: elsewhere))
        let link = folder + "/link.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere)

        let feed = try await Command.filterocr(["ocr", "--feed", fifo, small])
        #expect(feed.status == 0 && feed.standardError.contains("FIFO (named pipe), not a file"), "\(feed.standardError)")
        for output in [fifo, link] {
            let filter = try await Command.filterocr(["filter", small, "--ops", "blur", "-o", output])
            #expect(filter.status == 1)
            #expect(filter.standardError.contains("not a file"), "\(filter.standardError)")
            let save = try await Command.filterocr(["repl", "--no-feed", "--image", small], input: Data("save \(output)\n".utf8))
            #expect(save.status == 1 && save.standardError.contains("not a file"), "\(save.standardError)")
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
        #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "keep", "nothing written through the link")
    }

    @Test("A FIFO where --save-dir would write: the recognition is kept, its line carries the warning, exit 1")
    func specialSaveTarget() async throws {
        let saved = try Paths.temporaryDirectory()
        let fifo = saved + "/" + URL(fileURLWithPath: small).deletingPathExtension().lastPathComponent + ".png"
        #expect(mkfifo(fifo, 0o600) == 0)
        let batch = try await Command.filterocr(["batch", "--no-feed", "--save-dir", saved, small])
        #expect(batch.status == 1)
        #expect(batch.standardError.contains("not a file"), "\(batch.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: batch.outputData) as? [String: Any])
        #expect((object["text"] as? String)?.isEmpty == false, "the recognition is kept")
        #expect((object["warning"] as? String)?.contains("not a file") == true, "\(object)")
        #expect(object["error"] == nil)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
    }

    @Test("Names that are not UTF-8 are found, read and shown escaped")
    func nonUTF8Names() async throws {
        let folder = try Paths.temporaryDirectory()
        let source = try Data(contentsOf: URL(fileURLWithPath: small))
        // "scan\xFF.bmp": a name Swift's String cannot hold as it is.
        let name = (Array((folder + "/scan").utf8) + [0xFF] + Array(".bmp".utf8) + [0]).map { CChar(bitPattern: $0) }
        let descriptor = open(name, O_WRONLY | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        _ = source.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let batch = try await Command.filterocr(["batch", "--no-feed", folder])
        #expect(batch.status == 0, "\(batch.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: batch.outputData) as? [String: Any])
        #expect(object["image"] as? String == folder + "/scan\\xFF.bmp")
        #expect((object["text"] as? String)?.contains("SPECIAL") == true)
        // Given as an argument, through a shell that passes the byte as it is.
        let direct = try await Command.run("/bin/sh", ["-c", "exec \"$0\" ocr --no-feed \"$(printf '%s/scan\\377.bmp' \"$1\")\"",
                                                 Paths.filterocr, folder])
        #expect(direct.status == 0, "\(direct.standardError)")
        #expect(direct.standardOutput.contains("SPECIAL"))
    }

    @Test("Control characters from commands and names never reach the terminal raw")
    func controlCharacters() async throws {
        let result = try await Command.filterocr(["repl", "--no-feed", "--image", small],
                                           input: Data("open \"\u{1B}[31mred.png\"\nbl\u{1B}[2Jur\n".utf8))
        #expect(result.status == 1)
        #expect(!result.standardError.contains("\u{1B}"), "\(result.standardError)")
        #expect(result.standardError.contains("\\x1B[31mred.png"))
    }

    @Test("Usage limits: absurd values are refused with the reason", arguments: [
        (["repl", "--cache-megabytes", "8796093022208"], "--cache-megabytes takes 0 to"),
        (["ocr", "--lang", "+", "x.png"], "language codes joined by +"),
        (["ocr", "--lang", "eng++", "x.png"], "language codes joined by +"),
        (["ocr", "--lang", "osd", "x.png"], "orientation and script detection"),
        (["ocr", "--max-bytes", "0", "x.png"], "--max-bytes must be a positive number"),
    ])
    func absurdOptions(arguments: [String], reason: String) async throws {
        let result = try await Command.filterocr(arguments)
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1 && result.standardError.contains(reason), "\(result.standardError)")
    }

    /// A TIFF whose header claims 4294967295 × 4294967295 pixels, with 16 bytes of strip.
    static func tiffClaimingTheLargestSize() -> Data {
        var bytes: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0]
        func short(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func long(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        let entries: [(tag: Int, type: Int, value: Int)] = [
            (256, 4, 0xFFFF_FFFF), (257, 4, 0xFFFF_FFFF), (258, 3, 8), (259, 3, 1), (262, 3, 1),
            (273, 4, 122), (277, 3, 1), (278, 4, 1), (279, 4, 16),
        ]
        bytes += short(entries.count)
        for entry in entries {
            bytes += short(entry.tag) + short(entry.type) + long(1) + (entry.type == 4 ? long(entry.value) : short(entry.value) + [0, 0])
        }
        bytes += long(0) + [UInt8](repeating: 0x80, count: 16)
        return Data(bytes)
    }

    @Test("A header claiming 4294967295² pixels beside other files, under the largest --max-pixels: its error, the others read, no signal")
    func largestClaimedSize() async throws {
        let folder = try Paths.temporaryDirectory()
        try Self.tiffClaimingTheLargestSize().write(to: URL(fileURLWithPath: folder + "/huge.tif"))
        let result = try await Command.filterocr(["batch", "--no-feed", "--no-store", "-j", "2", "--max-pixels", "\(Int.max)",
                                            small, folder + "/huge.tif", small])
        #expect(result.status == 1, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 3 && lines[1].contains("\"error\"") && !lines[0].contains("\"error\""), "\(result.standardOutput)")
        #expect(result.errorLines.count == 1 && result.errorLines[0].contains("huge.tif"), "\(result.standardError)")
    }

    @Test("A 12-bit JPEG is said to be unsupported, with how to convert it, not corrupt or truncated")
    func twelveBitJPEG() async throws {
        let path = try Paths.temporaryDirectory() + "/twelve.jpg"
        try Data(CraftedJPEG.bytes(marker: 0xC1, precision: 12)).write(to: URL(fileURLWithPath: path))
        let result = try await Command.filterocr(["ocr", "--no-feed", "--no-store", path])
        #expect(result.status == 1)
        #expect(result.errorLines == ["filterocr: error: \(path): is a 12-bit JPEG (unsupported: filterocr reads baseline and "
                                      + "progressive JPEGs of 8 bits); convert it to PNG first, e.g. with convert in.jpg -depth 8 out.png"])
    }

    @Test("--max-pixels 1 says the sizes in pixels")
    func smallPixelLimit() async throws {
        let result = try await Command.filterocr(["ocr", "--no-feed", "--max-pixels", "1", small])
        #expect(result.status == 1)
        #expect(!result.standardError.contains("0.0 megapixels"), "\(result.standardError)")
        #expect(result.standardError.contains("1 pixel"), "\(result.standardError)")
    }

    @Test("A --save-dir name at the length limit is cut to fit, and no recognition is lost")
    func longSaveNames() async throws {
        let folder = try Paths.temporaryDirectory()
        let stem = String(repeating: "n", count: 251)
        let first = folder + "/a/" + stem + ".bmp", second = folder + "/b/" + stem + ".bmp"
        for path in [first, second] {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: small, toPath: path)
        }
        let saved = folder + "/saved"
        let result = try await Command.filterocr(["batch", "--no-feed", "--save-dir", saved, first, second])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("SPECIAL") })
        let names = try FileManager.default.contentsOfDirectory(atPath: saved)
        #expect(names.count == 2 && names.allSatisfy { $0.utf8.count <= 255 }, "\(names.map(\.count))")
    }
}
