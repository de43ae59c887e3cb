import Foundation
import TestSupport
import Testing

@Suite("filterocr batch")
struct BatchTests {
    /// good images, a corrupt one, a text file and a nested folder.
    private func makeFolder() throws -> String {
        let folder = try Paths.temporaryDirectory() + "/scans"
        let nested = folder + "/nested/deeper"
        try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true)
        let fixtures = Paths.packageRoot + "/Tests/ImageCodecTests/Fixtures"
        try FileManager.default.copyItem(atPath: Paths.corpus + "/phototest.tif", toPath: folder + "/a-phototest.tif")
        try FileManager.default.copyItem(atPath: fixtures + "/truncated.png", toPath: folder + "/b-corrupt.png")
        try FileManager.default.copyItem(atPath: Paths.images + "/receipt.png", toPath: nested + "/c-receipt.png")
        try FileManager.default.copyItem(atPath: Paths.images + "/price_tag.bmp", toPath: folder + "/nested/d-price.bmp")
        try Data("notes, not an image\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        return folder
    }

    private func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("A folder: one line per image in order, the corrupt one an error object, exit status 1")
    func folder() async throws {
        let folder = try makeFolder()
        let result = try await Command.filterocr(["batch", "--no-feed", "-j", "2", folder])
        #expect(result.status == 1)
        let lines = try objects(result.standardOutput)
        #expect(lines.map { $0["image"] as? String } == [
            folder + "/a-phototest.tif", folder + "/b-corrupt.png", folder + "/nested/d-price.bmp",
            folder + "/nested/deeper/c-receipt.png",
        ])
        #expect(try #require(lines.at(1))["error"] as? String == "\(folder)/b-corrupt.png: is a corrupt or truncated PNG file")
        #expect((try #require(lines.first)["text"] as? String)?.hasPrefix("This is a lot of 12 point text") == true)
        let last = try #require(lines.at(3))
        #expect(last["timings"] != nil && last["words"] != nil)
        #expect(result.errorLines.count == 1, "only the error on standard error, no progress bar: \(result.errorLines)")
    }

    @Test("Paths piped in give the same lines as the folder")
    func stdinPaths() async throws {
        let folder = try makeFolder()
        let viaFolder = try await Command.filterocr(["batch", "--no-feed", folder])
        let paths = try await Command.run("/usr/bin/find", [folder, "-type", "f", "-not", "-name", "*.txt"]).standardOutput
        let sorted = paths.split(separator: "\n").sorted().joined(separator: "\n") + "\n"
        let viaStdin = try await Command.filterocr(["batch", "--no-feed"], input: Data(sorted.utf8))
        #expect(viaStdin.status == 1)
        #expect(try comparable(viaStdin.standardOutput) == comparable(viaFolder.standardOutput))
        let viaDash = try await Command.filterocr(["batch", "--no-feed", "-"], input: Data(sorted.utf8))
        #expect(try comparable(viaDash.standardOutput) == comparable(viaFolder.standardOutput))
    }

    @Test("A list line is a path as written, less its line ending: spaces at either end are the name's")
    func listLinesKeepSpaces() async throws {
        let folder = try Paths.temporaryDirectory()
        let price = folder + "/x.png", phototest = folder + "/x.png ", leading = folder + "/ lead.png"
        try FileManager.default.copyItem(atPath: Paths.images + "/price_tag.bmp", toPath: price)
        try FileManager.default.copyItem(atPath: Paths.corpus + "/phototest.tif", toPath: phototest)
        try FileManager.default.copyItem(atPath: Paths.corpus + "/phototest.tif", toPath: leading)
        let list = "x.png \r\n lead.png\n\n"
        let result = try await Command.filterocr(["batch", "--no-feed", "--no-store", "-j", "1"], input: Data(list.utf8),
                                           directory: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try objects(result.standardOutput)
        #expect(lines.map { $0["image"] as? String } == ["x.png ", " lead.png"])
        for line in lines {
            #expect((line["text"] as? String)?.hasPrefix("This is a lot of 12 point text") == true, "\(line)")
        }
    }

    /// The lines without their timings.
    /// `output`'s objects without their timings, and without a shard's stamp (which says only
    /// which share of which list it came from).
    private func comparable(_ output: String) throws -> [String] {
        try objects(output).map { object in
            var object = object
            object["timings"] = nil
            object["shard"] = nil
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
        }
    }

    @Test("A glob, one job or several: the same output in the same order")
    func globAndJobs() async throws {
        let one = try await Command.filterocr(["batch", "--no-feed", "-j", "1", Paths.images + "/*.png"])
        let two = try await Command.filterocr(["batch", "--no-feed", "-j", "3", Paths.images + "/*.png"])
        #expect(one.status == 0 && two.status == 0)
        let lines = try comparable(one.standardOutput)
        #expect(lines.count == (try FileManager.default.contentsOfDirectory(atPath: Paths.images).filter { $0.hasSuffix(".png") }.count))
        #expect(try comparable(two.standardOutput) == lines)
    }

    @Test("A folder without images is an error that says so, not a silent success")
    func emptyFolder() async throws {
        let folder = try Paths.temporaryDirectory()
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let result = try await Command.filterocr(["batch", "--no-feed", folder])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errorLines.count == 1 && result.standardError.contains("no images in \(folder)"), "\(result.standardError)")
    }

    @Test("**/ in a glob matches no folder or any depth of them, as bash's globstar does")
    func globstar() async throws {
        let folder = try Paths.temporaryDirectory()
        for path in ["top.bmp", "sub/inner.bmp", "sub/deeper/x.bmp", "sub/skip.txt"] {
            try FileManager.default.createDirectory(atPath: ((folder + "/" + path) as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Paths.images + "/price_tag.bmp", toPath: folder + "/" + path)
        }
        let result = try await Command.filterocr(["batch", "--no-feed", "--format", "text", folder + "/**/*.bmp"])
        #expect(result.status == 0, "\(result.standardError)")
        let headers = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("==> ") }.map(String.init)
        #expect(headers == ["sub/deeper/x.bmp", "sub/inner.bmp", "top.bmp"].map { "==> \(folder)/\($0) <==" })
    }

    @Test("The same text through batch, ocr and the REPL for the same operations")
    func onePath() async throws {
        let image = Paths.images + "/street_sign.jpg"
        let batch = try objects(try await Command.filterocr(["batch", "--no-feed", "--ops", "binarize; slider 0.6", image]).standardOutput)
        let repl = try objects(try await Command.filterocr(["repl", "--json", "--no-feed", "--image", image],
                                                     input: Data("binarize\nslider 0.6\n".utf8)).standardOutput)
        let png = try Paths.temporaryDirectory() + "/state.png"
        #expect(try await Command.filterocr(["filter", image, "--ops", "binarize; slider 0.6", "-o", png]).status == 0)
        let ocr = try objects(try await Command.filterocr(["ocr", "--json", "--no-feed", png]).standardOutput)
        let text = batch.first?["text"] as? String
        #expect(text?.isEmpty == false)
        #expect(repl.last?["text"] as? String == text)
        #expect(ocr.first?["text"] as? String == text)
        #expect(batch.first?["operations"] as? [String] == ["binarize 60%"])
    }

    @Test("--format text: a header line per image, then its text, images set apart by a blank line")
    func textFormat() async throws {
        let image = Paths.corpus + "/phototest.tif"
        let result = try await Command.filterocr(["batch", "--no-feed", "--format", "text", "/no/such.png", image, image])
        #expect(result.standardOutput.hasPrefix("==> \(image) <==\nThis is a lot of 12 point text"))
        #expect(result.standardOutput.components(separatedBy: "\n\n==> \(image) <==\n").count == 2)
    }

    @Test("--save-dir writes each filtered image once, named after its input, inside the folder")
    func saveDir() async throws {
        let folder = try makeFolder()
        let saved = try Paths.temporaryDirectory() + "/out"
        // Two inputs with the same name must not overwrite each other.
        let result = try await Command.filterocr(["batch", "--no-feed", "--ops", "blur", "--save-dir", saved,
                                            Paths.images + "/receipt.png", folder + "/nested/deeper/c-receipt.png",
                                            Paths.images + "/receipt.png"])
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: saved).sorted() == ["c-receipt.png", "receipt-2.png", "receipt.png"])
        // Each line says where its image went.
        let lines = try objects(result.standardOutput)
        #expect(lines.map { $0["saved"] as? String } == ["receipt.png", "c-receipt.png", "receipt-2.png"].map { saved + "/" + $0 })
    }

    @Test("--stdin-image reads one image's bytes")
    func stdinImage() async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Paths.corpus + "/phototest.tif"))
        let result = try await Command.filterocr(["batch", "--no-feed", "--stdin-image"], input: bytes)
        let lines = try objects(result.standardOutput)
        #expect(result.status == 0 && lines.count == 1)
        let line = try #require(lines.first)
        #expect(line["image"] as? String == "-")
        #expect((line["text"] as? String)?.hasPrefix("This is a lot") == true)
    }

    @Test("--stdin-image with two images on standard input says so instead of reading the first")
    func twoImagesOnStandardInput() async throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: Paths.images + "/price_tag.bmp"))
        let result = try await Command.filterocr(["batch", "--no-feed", "--stdin-image"], input: png + png)
        #expect(result.status == 1)
        let line = try #require(try objects(result.standardOutput).first)
        #expect((line["error"] as? String)?.contains("more than one image") == true, "\(line)")
        #expect(line["text"] == nil)
    }

    @Test("An image piped in where paths are expected is one usage error that names --stdin-image",
          arguments: ["receipt.png", "price_tag.bmp", "street_sign.jpg"])
    func imageInsteadOfPaths(name: String) async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Paths.images + "/" + name))
        let result = try await Command.filterocr(["batch", "--no-feed"], input: bytes)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errorLines.count == 1 && result.standardError.contains("--stdin-image"), "\(result.standardError.prefix(300))")
    }

    @Test("--help shows each default once")
    func help() async throws {
        let help = try await Command.filterocr(["batch", "--help"]).standardOutput
        #expect(!help.contains("(default: none)"))
        #expect(help.components(separatedBy: "(default: original)").count == 2, "\(help)")
    }

    @Test("--shard I/N splits the inputs so that the shards together cover them once")
    func shards() async throws {
        let all = try comparable(try await Command.filterocr(["batch", "--no-feed", Paths.images + "/*.png"]).standardOutput)
        let first = try comparable(try await Command.filterocr(["batch", "--no-feed", "--shard", "0/2", Paths.images + "/*.png"]).standardOutput)
        let second = try comparable(try await Command.filterocr(["batch", "--no-feed", "--shard", "1/2", Paths.images + "/*.png"]).standardOutput)
        #expect(first == stride(from: 0, to: all.count, by: 2).map { all[$0] })
        #expect(second == stride(from: 1, to: all.count, by: 2).map { all[$0] })
        let stamps = try objects(try await Command.filterocr(["batch", "--no-feed", "--shard", "1/2", Paths.images + "/*.png"]).standardOutput)
            .map { $0["shard"] as? [String: Any] }
        #expect(stamps.allSatisfy { $0?["index"] as? Int == 1 && $0?["count"] as? Int == 2 && $0?["inputs"] as? Int == all.count })
    }

    @Test("The feed is updated as results arrive, with counts over the run")
    func feed() async throws {
        let feed = try Paths.temporaryDirectory() + "/topwords.json"
        let image = Paths.corpus + "/phototest.tif"
        #expect(try await Command.filterocr(["batch", "--feed", feed, image, image, image]).status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: feed))) as? [String: Any])
        #expect(object["sequence"] as? Int == 3 && object["source"] as? String == "batch")
        #expect((object["sessionTopWords"] as? [[String: Any]])?.first?["count"] as? Int == 27)
    }

    @Test("Usage errors exit with status 2", arguments: [
        ["batch", "--ops", "emboss", "x.png"], ["batch", "-j", "0", "x.png"], ["batch", "--shard", "2/2", "x.png"],
        ["batch", "--stdin-image", "x.png"], ["batch", "--format", "xml", "x.png"],
    ])
    func usage(arguments: [String]) async throws {
        let result = try await Command.filterocr(arguments)
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1)
    }

    @Test("Interrupting a run leaves only whole lines")
    func interrupted() async throws {
        // A run far longer than the wait for its first line, even on a loaded machine that reads
        // the line late: six copies of the PNGs once finished in that wait (status 0).
        let images = Array(repeating: Paths.images + "/*.png", count: 40)
        let batch = try await BackgroundProcess(Paths.filterocr, ["batch", "--no-feed", "-j", "2"] + images)
        defer { batch.terminate() }
        // Interrupt once the run is under way: its first line is out.
        #expect(await batch.waitForLines(1, timeout: 60).count >= 1)
        kill(batch.processIdentifier, SIGINT)
        #expect(await batch.waitForExit(timeout: 60))
        #expect(batch.terminationStatus == 130)
        let lines = batch.outputLines
        #expect(lines.count < images.count * 8, "the run stopped early")
        _ = try objects(lines.joined(separator: "\n"))  // every line parses
    }
}
