import Documents
import Foundation
import TestSupport
import Testing

/// Searchable PDFs assembled from a PDF's own pages, read back with poppler's and qpdf's tools.
@Suite struct PDFAssemblyTests {
    typealias Page = PDFAssembly.Page

    @Test func keepsThePagesImagesAndAddsTheirText() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (scan, layers, rendered, output) = (folder + "/scan.pdf", folder + "/layers.pdf", folder + "/rendered.pdf",
                                                 folder + "/out.pdf")
        let (phototest, eurotext) = (Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif")
        try await TestDocuments.pdf(of: [phototest, eurotext, Paths.corpus + "/baiona_color.jpg"], at: scan)
        try await textLayers(of: [phototest, eurotext], at: layers)
        try await TestDocuments.withTextLayer(image: eurotext, at: rendered)

        // The PDF comes twice (as `batch scan.pdf image scan.pdf --pages 1` would give it): the
        // second time its pages not named stay too, and they share their images with the first.
        try assemble([Page(source: .original(path: scan, page: 1), textLayer: .init(path: layers, page: 1)),
                      Page(source: .original(path: scan, page: 2), textLayer: .init(path: layers, page: 2)),
                      Page(source: .original(path: scan, page: 3)),
                      Page(source: .rendered(path: rendered, page: 1)),
                      Page(source: .original(path: scan, page: 1), textLayer: .init(path: layers, page: 1))],
                     at: output)

        let scanImages = try await images(of: scan), renderedImages = try await images(of: rendered)
        let expected = scanImages + renderedImages.prefix(1) + scanImages
        let found = try await images(of: output)
        #expect(found.map(\.page) == Array(1...7))
        #expect(found.map(\.description) == expected.map(\.description))
        let foundStreams = try await rawStreams(found.map { ($0.object, output) })
        let expectedStreams = try await rawStreams(expected.enumerated().map { ($1.object, $0 == 3 ? rendered : scan) })
        #expect(foundStreams == expectedStreams)
        let (outputSizes, scanSizes, renderedSizes) = (try await pageSizes(of: output), try await pageSizes(of: scan),
                                                       try await pageSizes(of: rendered))
        #expect(outputSizes == scanSizes + renderedSizes + scanSizes)
        for page in [6, 7] {
            #expect(try await text(of: output, page: page).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                    "page \(page), kept as it is the second time, has no text layer")
        }

        #expect(try await text(of: output, page: 1).contains("The quick brown dog jumped over the"))
        await expectSameWords(try words(of: output), try words(of: layers))
        let secondPage = try await text(of: output, page: 2)
        #expect(secondPage.contains("braune Fuchs springt"), "\(secondPage)")
        #expect(try await text(of: output, page: 3).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(try await text(of: output, page: 4).contains("braune Fuchs"))
        #expect(try await text(of: output, page: 5).contains("The quick brown dog jumped over the"))

        let limit = Double(try size(of: scan) + size(of: rendered)) * 1.1 + Double(try size(of: layers))
        let written = try size(of: output)
        #expect(Double(written) <= limit, "\(written) bytes")
        try await expectValid(output)
    }

    /// A scan stored turned, with /Rotate turning it upright again: the text layer, read from
    /// the page as shown, must land on the words where the layer's own page has them. Some
    /// PDFs write the angle negative.
    @Test(arguments: [90, 180, 270, -90])
    func placesTheTextOnARotatedPageAsShown(angle: Int) async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (scan, turned, image, stored, page) = (folder + "/scan.pdf", folder + "/turned.pdf", folder + "/turned",
                                                   folder + "/stored.pdf", folder + "/page.pdf")
        let (layer, output, phototest) = (folder + "/layer.pdf", folder + "/out.pdf", Paths.corpus + "/phototest.tif")
        let clockwise = (angle + 360) % 360
        try await TestDocuments.pdf(of: [phototest], at: scan)
        try await TestDocuments.tool("/usr/bin/qpdf", ["--rotate=+\(360 - clockwise):1", scan, turned])
        try await TestDocuments.tool("/usr/bin/pdftoppm", ["-r", "300", "-gray", "-png", "-singlefile", turned, image])
        try await TestDocuments.pdf(of: [image + ".png"], at: stored)
        try await TestDocuments.tool("/usr/bin/qpdf", ["--rotate=+\(clockwise):1", stored, page])
        if angle < 0 { try rewrite(page, "/Rotate \(clockwise)", as: "/Rotate \(angle)") }
        try await textLayers(of: [phototest], at: layer)

        try assemble([Page(source: .original(path: page, page: 1), textLayer: .init(path: layer, page: 1))], at: output)

        try await expectSameImages(output, as: page)
        let expected = try await words(of: layer)
        #expect(expected.count > 50)
        await expectSameWords(try words(of: output), expected)
        let layout = try await text(of: output, page: 1, layout: true)
        #expect(layout.contains("The quick brown dog jumped over the"), "\(layout)")
        try await expectValid(output)
    }

    /// Tesseract's own searchable PDF holds its words in the page's content; qpdf's overlay (as
    /// OCRmyPDF does) in a form XObject the page draws.
    enum EarlierLayer: String, CaseIterable, CustomTestStringConvertible {
        case inPageContents, inFormXObject
        var testDescription: String { rawValue }
    }

    @Test(arguments: EarlierLayer.allCases)
    func replacesAnEarlierInvisibleLayer(_ earlier: EarlierLayer) async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (searchable, layer) = (folder + "/searchable.pdf", folder + "/eurotext-layer.pdf")
        let phototest = Paths.corpus + "/phototest.tif"
        switch earlier {
        case .inPageContents:
            try await TestDocuments.withTextLayer(image: phototest, at: searchable)
        case .inFormXObject:
            let (scan, phototestLayer) = (folder + "/scan.pdf", folder + "/phototest-layer.pdf")
            try await TestDocuments.pdf(of: [phototest], at: scan)
            try await textLayers(of: [phototest], at: phototestLayer)
            try await TestDocuments.tool("/usr/bin/qpdf", [scan, "--overlay", phototestLayer, "--", searchable])
        }
        try await textLayers(of: [Paths.corpus + "/eurotext.tif"], at: layer)
        // Words only phototest has, and words only eurotext has.
        let (old, new) = (["jumped", "point", "format"], ["Fuchs", "renard", "volpe"])
        #expect(try await text(of: searchable, page: 1).containsAll(old))

        let (replaced, kept) = (folder + "/replaced.pdf", folder + "/kept.pdf")
        try assemble([Page(source: .original(path: searchable, page: 1), textLayer: .init(path: layer, page: 1),
                           replacesInvisibleText: true)], at: replaced)
        try assemble([Page(source: .original(path: searchable, page: 1), textLayer: .init(path: layer, page: 1))], at: kept)

        let replacedText = try await text(of: replaced, page: 1)
        #expect(replacedText.containsAll(new))
        #expect(!replacedText.containsAny(old), "\(replacedText)")
        let keptText = try await text(of: kept, page: 1)
        #expect(keptText.containsAll(old + new), "\(keptText)")
        try await expectSameImages(replaced, as: searchable)
        try await expectValid(replaced)
    }

    /// Only text shown in render mode 3 goes: the mode set inside or outside BT ... ET, saved and
    /// restored by q ... Q, and ' and " keep their line moves. The page's box does not start at
    /// the origin, and its content ends unbalanced (a Q too many, then two q left open) with
    /// translations in force: the text layer still lands where its own page has its words.
    @Test func dropsOnlyInvisibleTextAndPlacesTheLayerOverAnyContent() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (page, layer, output) = (folder + "/page.pdf", folder + "/layer.pdf", folder + "/out.pdf")
        try await textLayers(of: [Paths.corpus + "/eurotext.tif"], at: layer)
        // The layer's page is 245.76 x 192 points; this page has the same size, moved.
        let content = """
            BT /F1 8 Tf 3 Tr 110 230 Td (hiddenalpha) Tj ET
            q 0 Tr BT /F1 8 Tf 110 215 Td (visiblebravo) Tj ET Q
            BT /F1 8 Tf 110 200 Td (hiddencharlie) Tj ET
            BT /F1 8 Tf 10 TL 0 Tr 110 185 Td (visibledelta) Tj 3 Tr (hiddenecho) ' [(hidden) 20 (foxtrot)] TJ
            1 0 (hiddengolf) " 0 Tr (visiblehotel) ' ET
            q 20 0 0 20 300 60 cm /Im1 Do Q
            Q 1 0 0 1 40 30 cm q 1 0 0 1 20 10 cm q 0.5 g
            """
        try await handMadePDF(box: (100, 50, 345.76, 242), content: content, at: page)
        #expect(try await text(of: page, page: 1).containsAll(["hiddenalpha", "hiddencharlie", "hiddenecho", "hiddengolf"]))

        try assemble([Page(source: .original(path: page, page: 1), textLayer: .init(path: layer, page: 1),
                           replacesInvisibleText: true)], at: output)

        let found = try await text(of: output, page: 1)
        #expect(found.containsAll(["visiblebravo", "visibledelta", "visiblehotel", "Fuchs"]))
        #expect(!found.contains("hidden"), "\(found)")
        // The line moves of the dropped ' and " stay: hotel is three lines (of 10 points) below delta.
        let placed = try await words(of: output)
        let delta = try #require(placed.first { $0.text == "visibledelta" })
        let hotel = try #require(placed.first { $0.text == "visiblehotel" })
        #expect(abs(hotel.box.minY - delta.box.minY - 30) < 0.5 && abs(hotel.box.minX - delta.box.minX) < 0.5)
        expectSameWords(placed.filter { !$0.text.hasPrefix("visible") }, try await words(of: layer))
        try await expectSameImages(output, as: page)
        try await expectValid(output)
    }

    /// The PDF is the output: the pages the plan does not name stay in their places, and what
    /// the document has at document level stays, as scripts/document_features.py checks it.
    @Test func thePagesLeftOutAndTheDocumentStay() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = Paths.packageRoot + "/scripts/document_features.py"
        try await TestDocuments.tool("/usr/bin/python3", [script, "make", folder, "features"])
        let (features, layers, output) = (folder + "/features.pdf", folder + "/layers.pdf", folder + "/out.pdf")
        try await textLayers(of: [Paths.corpus + "/phototest.tif"], at: layers)
        try assemble([Page(source: .original(path: features, page: 2), textLayer: .init(path: layers, page: 1))], at: output)

        #expect(try await pageSizes(of: output) == pageSizes(of: features))
        #expect(try await text(of: output, page: 2).contains("The quick brown dog jumped over the"))
        #expect(try await !text(of: output, page: 1).contains("The quick brown dog"))
        let check = try await Command.run("/usr/bin/python3", [script, "check", features, output])
        #expect(check.status == 0, "\(check.standardOutput)")
        try await expectValid(output)
    }

    @Test func aFailingSinkStopsTheWriting() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scan = folder + "/scan.pdf"
        try await TestDocuments.pdf(of: [Paths.corpus + "/baiona_color.jpg", Paths.corpus + "/eurotext.tif"], at: scan)
        let pages = [Page(source: .original(path: scan, page: 1)), Page(source: .original(path: scan, page: 2))]
        var calls = 0
        #expect(throws: DocumentError(source: "out.pdf", problem: .assemblyFailed(detail: PDFAssembly.writeFailed))) {
            try PDFAssembly.write(pages, producer: "filterocr tests", named: "out.pdf") { _ in
                calls += 1
                return calls < 2
            }
        }
        // The output is more than two chunks: the writer stopped at the refused one.
        #expect(calls == 2)
    }

    @Test func aSourceItCannotReadIsAOneLineError() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (scan, damaged) = (folder + "/scan.pdf", folder + "/damaged.pdf")
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif"], at: scan)
        try Data("%PDF-1.4\nnot really a PDF\n".utf8).write(to: URL(fileURLWithPath: damaged))

        let cases: [(pages: [Page], mentions: String)] = [
            ([Page(source: .original(path: folder + "/missing.pdf", page: 1))], "missing.pdf"),
            ([Page(source: .original(path: damaged, page: 1))], "damaged.pdf"),
            ([Page(source: .original(path: scan, page: 2))], "no page 2"),
            ([Page(source: .original(path: scan, page: 1), textLayer: .init(path: damaged, page: 1))], "damaged.pdf"),
            ([Page(source: .original(path: scan, page: 1), textLayer: .init(path: folder + "/nolayers.pdf", page: 1))],
             "nolayers.pdf"),
            ([Page(source: .rendered(path: folder + "/norendering.pdf", page: 1))], "norendering.pdf"),
            ([Page(source: .original(path: scan, page: 0))], "no page 0"),
            ([], "no pages"),
        ]
        for (pages, mentions) in cases {
            var written = 0
            let error = #expect(throws: DocumentError.self) {
                try PDFAssembly.write(pages, producer: "filterocr tests", named: "out.pdf") {
                    written += $0.count
                    return true
                }
            }
            guard case let .assemblyFailed(detail)? = error?.problem else {
                Issue.record("\(String(describing: error))")
                continue
            }
            #expect(error?.source == "out.pdf")
            #expect(detail.contains(mentions), "\(detail)")
            #expect(!detail.contains("\n") && !detail.isEmpty)
            #expect(written == 0)
        }
    }

    // MARK: - Making PDFs

    /// Tesseract's text-only PDF of `images`, one page each, at the scans' 300 dpi (the
    /// invisible text and its font, no image).
    private func textLayers(of images: [String], at path: String) async throws {
        let list = path + ".list"
        try Data(images.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: list))
        try await TestDocuments.tool("/usr/bin/tesseract", [list, String(path.dropLast(4)), "--dpi", "300",
                                                      "-c", "textonly_pdf=1", "pdf"],
                               environment: ["OMP_THREAD_LIMIT": "1"])
    }

    private func assemble(_ pages: [Page], at path: String) throws {
        var data = Data()
        try PDFAssembly.write(pages, producer: "filterocr tests", named: path) {
            data.append(contentsOf: $0)
            return true
        }
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// A one-page PDF drawing `content` with Helvetica as /F1 and a 2 x 2 gray image stored
    /// uncompressed as /Im1, on a media box of `box`.
    private func handMadePDF(box: (Double, Double, Double, Double), content: String, at path: String) async throws {
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [\(box.0) \(box.1) \(box.2) \(box.3)] "
                + "/Resources << /Font << /F1 4 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 5 0 R >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 "
                + "/Length 4 >>\nstream\n0~~0\nendstream",
        ]
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        pdf += offsets.map { String(repeating: "0", count: 10 - String($0).count) + "\($0) 00000 n \n" }.joined()
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try Data(pdf.utf8).write(to: URL(fileURLWithPath: path))
        try await expectValid(path)
    }

    /// Replaces `text` in the PDF's bytes with `replacement` of the same length (so that the
    /// cross-reference table stays right).
    private func rewrite(_ pdf: String, _ text: String, as replacement: String) throws {
        precondition(text.utf8.count == replacement.utf8.count)
        let url = URL(fileURLWithPath: pdf)
        let data = try Data(contentsOf: url)
        let range = try #require(data.range(of: Data(text.utf8)))
        try (data[..<range.lowerBound] + Data(replacement.utf8) + data[range.upperBound...]).write(to: url)
    }

    // MARK: - Reading PDFs back

    /// One row of `pdfimages -list`.
    struct Image {
        var page: Int
        /// Everything but the page, the image's number and its object: what it is and how it
        /// is stored.
        var description: String
        var object: Int
    }

    private func images(of pdf: String) async throws -> [Image] {
        let rows = try await output("/usr/bin/pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2)
        return try rows.map { row in
            let columns = row.split(separator: " ").map(String.init)
            let (page, object) = (try #require(Int(columns[0])), try #require(Int(columns[10])))
            return Image(page: page, description: (columns[2..<10] + columns[12...]).joined(separator: " "), object: object)
        }
    }

    /// The images of `output` are those of `input`: listed alike, and stored byte for byte alike.
    private func expectSameImages(_ output: String, as input: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (found, expected) = await (try images(of: output), try images(of: input))
        #expect(!expected.isEmpty, sourceLocation: sourceLocation)
        #expect(found.map(\.description) == expected.map(\.description), sourceLocation: sourceLocation)
        let (foundStreams, expectedStreams) = (try await rawStreams(found.map { ($0.object, output) }),
                                               try await rawStreams(expected.map { ($0.object, input) }))
        #expect(foundStreams == expectedStreams, sourceLocation: sourceLocation)
    }

    /// An object's stream data as the file stores it (still compressed).
    private func rawStream(_ object: Int, of pdf: String) async throws -> Data {
        let result = try await Command.run("/usr/bin/qpdf", ["--show-object=\(object)", "--raw-stream-data", pdf])
        #expect(result.status == 0, "\(result.standardError)")
        return result.outputData
    }

    /// The raw data of each (object, PDF) pair's stream, in order.
    private func rawStreams(_ objects: [(Int, String)]) async throws -> [Data] {
        var streams: [Data] = []
        for (object, pdf) in objects { streams.append(try await rawStream(object, of: pdf)) }
        return streams
    }

    private func pageSizes(of pdf: String) async throws -> [String] {
        try await output("/usr/bin/pdfinfo", ["-f", "1", "-l", "100", pdf]).split(separator: "\n")
            .filter { $0.hasPrefix("Page ") && $0.contains(" size:") }
            .map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) }
    }

    private func text(of pdf: String, page: Int, layout: Bool = false) async throws -> String {
        try await output("/usr/bin/pdftotext", (layout ? ["-layout"] : []) + ["-f", "\(page)", "-l", "\(page)", pdf, "-"])
    }

    struct Word: CustomStringConvertible {
        var text: String
        /// In points from the shown page's top left corner.
        var box: CGRect
        var description: String { "\(text) \(box)" }
    }

    /// The words of the first page and their boxes, as poppler finds them.
    private func words(of pdf: String) async throws -> [Word] {
        let xhtml = try await output("/usr/bin/pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"])
        let pattern = /<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)<\/word>/
        return xhtml.matches(of: pattern).map { match in
            let (x0, y0, x1, y1) = (Double(match.1)!, Double(match.2)!, Double(match.3)!, Double(match.4)!)
            return Word(text: String(match.5), box: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
    }

    /// The same words, each within half a point of where it was expected.
    private func expectSameWords(_ found: [Word], _ expected: [Word], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(found.map(\.text) == expected.map(\.text), sourceLocation: sourceLocation)
        for (word, wanted) in zip(found, expected) {
            let offsets = [word.box.minX - wanted.box.minX, word.box.minY - wanted.box.minY,
                           word.box.maxX - wanted.box.maxX, word.box.maxY - wanted.box.maxY]
            #expect(offsets.allSatisfy { abs($0) < 0.5 }, "\(word) where \(wanted) was", sourceLocation: sourceLocation)
        }
    }

    /// qpdf finds nothing wrong (a warning would make it exit with 3).
    private func expectValid(_ pdf: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let result = try await Command.run("/usr/bin/qpdf", ["--check", pdf])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)", sourceLocation: sourceLocation)
    }

    private func output(_ tool: String, _ arguments: [String]) async throws -> String {
        let result = try await Command.run(tool, arguments)
        guard result.status == 0 else {
            throw ToolFailure(description: "\(tool) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }

    private func size(of path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }
}

private struct ToolFailure: Error, CustomStringConvertible {
    let description: String
}

private extension String {
    func containsAll(_ words: [String]) -> Bool { words.allSatisfy(contains) }
    func containsAny(_ words: [String]) -> Bool { words.contains(where: contains) }
}
