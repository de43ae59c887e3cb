import Foundation
import TestSupport
import Testing

/// `batch --shard I/N` on several processes, merged, is one run's output.
@Suite("Merging shards")
struct MergeTests {
    @Test("Three shards run as separate processes, merged, equal one run over all the inputs")
    func threeShards() async throws {
        let folder = try Paths.temporaryDirectory()
        let document = folder + "/two-pages.pdf"
        let images = try Paths.imagesWithTruth().map(\.image).filter { !$0.hasSuffix("12mp.jpg") }
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: document)
        let inputs = Array(images.prefix(4)) + [document] + Array(images.dropFirst(4))
        var shards: [BackgroundProcess] = []
        for index in 0..<3 {
            shards.append(try await BackgroundProcess(Paths.filterocr, ["batch", "-j", "1", "--shard", "\(index)/3", "--store",
                                                                        folder + "/shard-\(index).sqlite"] + inputs))
        }
        for (index, shard) in shards.enumerated() {
            #expect(await shard.waitForExit(timeout: 600))
            try (shard.outputLines.joined(separator: "\n") + "\n").write(toFile: folder + "/shard-\(index).jsonl", atomically: true,
                                                                          encoding: .utf8)
        }
        let merged = try await Command.filterocr(["merge"] + (0..<3).map { folder + "/shard-\($0).jsonl" })
        #expect(merged.status == 0)
        let one = try await Command.filterocr(["batch", "--no-store"] + inputs)
        let (mergedLines, oneLines) = (try ResumeTests.withoutTimings(merged.standardOutput.split(separator: "\n").map(String.init)),
                                       try ResumeTests.withoutTimings(one.standardOutput.split(separator: "\n").map(String.init)))
        #expect(mergedLines.count == inputs.count + 1)
        #expect(mergedLines == oneLines)

        // The shards' stores merged answer a run over everything.
        let store = folder + "/merged.sqlite"
        let stores = try await Command.filterocr(["merge", "--store", store] + (0..<3).map { folder + "/shard-\($0).sqlite" })
        #expect(stores.status == 0)
        let rerun = try await Command.filterocr(["batch", "--store", store] + inputs)
        #expect(rerun.standardOutput.split(separator: "\n").allSatisfy { $0.contains("\"stored\":true") })
    }

    /// What a shard's stamp says of a line without it: the first 16 hex digits of its SHA-256.
    private static func digest(_ line: String) async throws -> String {
        String(try await Command.run("/usr/bin/sha256sum", [], input: Data(line.utf8)).standardOutput.prefix(16))
    }

    /// The line of image `position` of a run of `inputs` images over `count` shares, as batch
    /// --shard writes it: stamped with its share, its place and its digest.
    private static func line(_ position: Int, inputs: Int, count: Int, list: String, text: String = "t") async throws -> String {
        let unstamped = #"{"image":"p\#(position).png","text":"\#(text)"}"#
        let stamp = #"{"count":\#(count),"digest":"\#(try await digest(unstamped))","index":\#(position % count),"inputs":\#(inputs),"#
            + #""list":"\#(list)","position":\#(position)}"#
        return #"{"image":"p\#(position).png","shard":\#(stamp),"text":"\#(text)"}"#
    }

    /// Parts of a run of `inputs` images over `count` shares, as batch --shard writes them.
    private static func parts(inputs: Int = 5, count: Int = 3, list: String = "00aa11bb22cc33dd",
                              in folder: String) async throws -> [String] {
        var paths: [String] = []
        for index in 0..<count {
            var lines: [String] = []
            for position in stride(from: index, to: inputs, by: count) {
                lines.append(try await line(position, inputs: inputs, count: count, list: list))
            }
            let path = folder + "/\(list.prefix(4))-\(index).jsonl"
            try lines.map { $0 + "\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        return paths
    }

    @Test("Parts in shard order merge into input order, without their shard stamps")
    func stampedParts() async throws {
        let folder = try Paths.temporaryDirectory()
        let result = try await Command.filterocr(["merge"] + Self.parts(in: folder))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == (0..<5).map { #"{"image":"p\#($0).png","text":"t"}"# + "\n" }.joined())
    }

    @Test("A missing, repeated, out-of-order, foreign, cut or unstamped part is refused in one line that names it",
          arguments: ["missing", "repeated", "out of order", "foreign", "cut", "unstamped", "all empty"])
    func refusedParts(_ fault: String) async throws {
        let folder = try Paths.temporaryDirectory()
        var parts = try await Self.parts(in: folder)
        let expected: String
        switch fault {
        case "missing":
            parts.remove(at: 1)
            expected = "is shard 2/3 but was given in place 1"
        case "repeated":
            parts.insert(parts[1], at: 2)
            expected = "\(parts[2]) is shard 1/3 but was given in place 2 (shard 1/3 is also given, in its place, as \(parts[1]))"
        case "out of order":
            parts.swapAt(0, 1)
            expected = "\(parts[0]) is shard 1/3 but was given in place 0"
        case "foreign":
            parts[2] = try await Self.parts(inputs: 6, list: "99ff88ee77dd66cc", in: folder)[2]
            expected = "\(parts[2]) is shard 2/3 of another input list"
        case "cut":
            let lines = try String(contentsOfFile: parts[0], encoding: .utf8).split(separator: "\n")
            try (lines[0] + "\n").write(toFile: parts[0], atomically: true, encoding: .utf8)
            expected = "\(parts[0]) holds 1 of shard 0/3's 2 inputs"
        case "all empty":
            for part in parts { try "".write(toFile: part, atomically: true, encoding: .utf8) }
            expected = "every part is empty: there is nothing to merge"
        default:
            try #"{"image":"p0.png","text":"t"}"#.appending("\n").write(toFile: parts[0], atomically: true, encoding: .utf8)
            expected = "\(parts[0]) line 1 names no shard"
        }
        let result = try await Command.filterocr(["merge"] + parts)
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains(expected), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("A line repeated, dropped, reordered or changed inside a part is refused in one line that names it",
          arguments: ["repeated and dropped", "reordered", "forged image", "forged text", "foreign line"])
    func refusedLines(_ fault: String) async throws {
        let folder = try Paths.temporaryDirectory()
        let parts = try await Self.parts(inputs: 9, in: folder)
        var lines = try String(contentsOfFile: parts[1], encoding: .utf8).split(separator: "\n").map(String.init)
        let expected: String
        switch fault {
        case "repeated and dropped":
            lines[2] = lines[1]
            expected = "line 3 repeats input 4 of line 2"
        case "reordered":
            lines.swapAt(1, 2)
            expected = "line 2 is input 7, but input 4 comes first: a line is missing"
        case "forged image":
            lines[1] = lines[1].replacingOccurrences(of: "p4.png", with: "evil.png")
            expected = "line 2 does not match its stamp"
        case "forged text":
            lines[0] = lines[0].replacingOccurrences(of: #""text":"t""#, with: #""text":"forged""#)
            expected = "line 1 does not match its stamp"
        default:
            lines[1] = try await Self.line(4, inputs: 9, count: 3, list: "99ff88ee77dd66cc")
            expected = "mixes lines of two runs"
        }
        try lines.map { $0 + "\n" }.joined().write(toFile: parts[1], atomically: true, encoding: .utf8)
        let result = try await Command.filterocr(["merge"] + parts)
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1 && result.standardError.contains(parts[1] + " " + expected), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("merge never writes over a part, and names a part that is not a file by its kind; a link to a part is read")
    func partsAsFiles() async throws {
        let folder = try Paths.temporaryDirectory()
        let parts = try await Self.parts(in: folder)
        let before = try parts.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let overwrite = try await Command.filterocr(["merge"] + parts + ["-o", parts[0]])
        #expect(overwrite.status != 0)
        #expect(overwrite.errorLines.count == 1 && overwrite.standardError.contains("is one of the parts being merged"))
        #expect(try parts.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before, "no part written over")

        #expect(mkfifo(folder + "/fifo", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: folder + "/folder", withIntermediateDirectories: true)
        for (stand, kind) in [(folder + "/folder", "is a directory"), ("/dev/null", "is a character device"),
                              (folder + "/fifo", "is a FIFO")] {
            let result = try await Command.filterocr(["merge", parts[0], stand, parts[2]])
            #expect(result.status != 0)
            #expect(result.errorLines.count == 1 && result.standardError.contains(kind), "\(result.standardError)")
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.jsonl", withDestinationPath: parts[1])
        let linked = try await Command.filterocr(["merge", parts[0], folder + "/link.jsonl", parts[2]])
        #expect(linked.status == 0, "\(linked.standardError)")
        #expect(linked.standardOutput.split(separator: "\n").count == 5)
    }

    @Test("With --list, the list's identity and each line's input are checked against it")
    func givenList() async throws {
        let folder = try Paths.temporaryDirectory()
        let names = (0..<5).map { "p\($0).png" }
        let list = folder + "/list.txt"
        try names.map { $0 + "\n" }.joined().write(toFile: list, atomically: true, encoding: .utf8)
        let identity = try await Self.digest(names.map { $0 + "\n" }.joined())
        let parts = try await Self.parts(list: identity, in: folder)
        let good = try await Command.filterocr(["merge", "--list", list] + parts)
        #expect(good.status == 0, "\(good.standardError)")
        try (names.reversed().map { $0 + "\n" }.joined()).write(toFile: list, atomically: true, encoding: .utf8)
        let other = try await Command.filterocr(["merge", "--list", list] + parts)
        #expect(other.status == 1 && other.standardError.contains("the parts are of another input list"), "\(other.standardError)")
    }

    @Test("Parts whose stamps claim counts no run has are refused in one line, never trapped on",
          arguments: [Int.max, Int.max - 1, 1 << 62])
    func forgedCounts(inputs: Int) async throws {
        let folder = try Paths.temporaryDirectory()
        // Valid digests: a digest is not a signature, so the counts are what must be checked.
        var parts: [String] = []
        for index in 0..<2 {
            let path = folder + "/forged-\(index).jsonl"
            try (try await Self.line(index, inputs: inputs, count: 2, list: "00000000000000aa") + "\n")
                .write(toFile: path, atomically: true, encoding: .utf8)
            parts.append(path)
        }
        for output in [[], ["-o", folder + "/merged.jsonl"]] {
            let result = try await Command.filterocr(["merge"] + parts + output)
            #expect(result.status == 1, "\(result.standardError)")
            #expect(result.errorLines.count == 1 && result.standardError.contains("holds 1 of shard 0/2's"), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder + "/merged.jsonl"))
        }
    }

    @Test("A stamp naming a share or place outside its run is refused by line",
          arguments: [(0, 0, 5, 0), (3, 2, 5, 3), (0, 2, 5, 6), (0, 2, -1, 0), (-2, 2, 5, -2)])
    func stampOutOfRange(index: Int, count: Int, inputs: Int, position: Int) async throws {
        let folder = try Paths.temporaryDirectory()
        let unstamped = #"{"image":"p\#(position).png","text":"t"}"#
        let stamp = #"{"count":\#(count),"digest":"\#(try await Self.digest(unstamped))","index":\#(index),"inputs":\#(inputs),"#
            + #""list":"00000000000000aa","position":\#(position)}"#
        let part = folder + "/part.jsonl"
        try (#"{"image":"p\#(position).png","shard":\#(stamp),"text":"t"}"# + "\n").write(toFile: part, atomically: true, encoding: .utf8)
        let result = try await Command.filterocr(["merge", part])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1 && result.standardError.contains("line 1 names no place a run has"), "\(result.standardError)")
    }

    @Test("merge streams its parts: its memory does not grow with theirs, to standard output or to a file")
    func streamsParts() async throws {
        let folder = try Paths.temporaryDirectory()
        // Two parts of a 40,000-page run, 2 KB of text a line (about 85 MB), stamped as batch does.
        let maker = """
            import hashlib, sys
            folder, inputs = sys.argv[1], int(sys.argv[2])
            text = ('lorem ipsum dolor sit amet ' * 80)[:2000]
            expected = 0
            for index in (0, 1):
                with open(f'{folder}/big-{index}.jsonl', 'w') as part:
                    for p in range(index, inputs, 2):
                        line = '{"image":"scans/page%06d.png","text":"%s"}' % (p, text)
                        digest = hashlib.sha256(line.encode()).hexdigest()[:16]
                        stamp = '{"count":2,"digest":"%s","index":%d,"inputs":%d,"list":"00000000000000cc","position":%d}' % (
                            digest, index, inputs, p)
                        part.write(line.replace(',"text"', ',"shard":%s,"text"' % stamp, 1) + '\\n')
                        expected += len(line) + 1
            print(expected)
            """
        let made = try await Command.run("/usr/bin/python3", ["-c", maker, folder, "40000"])
        let expected = try #require(Int(made.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)), "\(made.standardError)")
        let parts = [folder + "/big-0.jsonl", folder + "/big-1.jsonl"]
        let size = try parts.map { try #require(FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) }.reduce(0, +)
        let toFile = try await Command.measuredFilterocr(["merge"] + parts + ["-o", folder + "/merged.jsonl"])
        #expect(toFile.status == 0, "\(toFile.standardError)")
        let merged = try #require(FileManager.default.attributesOfItem(atPath: folder + "/merged.jsonl")[.size] as? Int)
        #expect(merged == expected)
        // Reading the parts whole took five times their size (1 GB for 216 MB of parts); a line
        // of each part at a time takes what the program takes to start, about 40 MB, and a little.
        #expect(toFile.peakBytes < 100 << 20, "\(toFile.peakMegabytes) MB for \(size >> 20) MB of parts")
        let toOutput = try await Command.measuredFilterocr(["merge"] + parts)
        #expect(toOutput.status == 0, "\(toOutput.standardError)")
        #expect(toOutput.standardOutput.utf8.count == expected)
        #expect(toOutput.peakBytes < 100 << 20, "\(toOutput.peakMegabytes) MB for \(size >> 20) MB of parts")
    }

    @Test("--shard auto takes the share from Slurm's array, and auto/N from Kubernetes or GNU parallel, and says which")
    func automaticShare() async throws {
        let images = try Paths.imagesWithTruth().map(\.image).filter { !$0.hasSuffix("12mp.jpg") }.prefix(3)
        let slurm = try await Command.filterocr(["batch", "--no-store", "--shard", "auto"] + images,
                                          environment: ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4",
                                                        "SLURM_ARRAY_TASK_COUNT": "3"])
        #expect(slurm.status == 0, "\(slurm.standardError)")
        #expect(slurm.standardError.contains("shard 1/3 from SLURM_ARRAY_TASK_ID=5, SLURM_ARRAY_TASK_MIN=4, SLURM_ARRAY_TASK_COUNT=3"))
        let lines = slurm.standardOutput.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(#""index":1"#) && lines[0].contains(images[images.startIndex + 1]))
        let kubernetes = try await Command.filterocr(["batch", "--no-store", "--shard", "auto/3"] + images,
                                               environment: ["JOB_COMPLETION_INDEX": "2", "SLURM_ARRAY_TASK_ID": nil])
        #expect(kubernetes.standardError.contains("shard 2/3 from JOB_COMPLETION_INDEX=2"), "\(kubernetes.standardError)")
        let nowhere = try await Command.filterocr(["batch", "--no-store", "--shard", "auto/3"] + images,
                                            environment: ["JOB_COMPLETION_INDEX": nil, "PARALLEL_SEQ": nil,
                                                          "SLURM_ARRAY_TASK_ID": nil])
        #expect(nowhere.status == 2)
        #expect(nowhere.errorLines.count == 1 && nowhere.standardError.contains("found no share in the environment"))
    }
}
