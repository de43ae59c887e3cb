import Foundation
import TestSupport
import Testing

/// A searchable PDF of a PDF is written by qpdf from pages MuPDF rendered and Tesseract read: the
/// two libraries must read the same document (the same catalog, the same pages in the same
/// places, each page the same way up, no repair's guess at a damaged file), or the text lands on
/// a page other than the one read, or over a page as it was before the file's last update hid
/// it. The PDFs are made here, by a generator at the end of this file, from the shapes that made
/// the two libraries differ; a refusal is one line, and an output already there is kept.
@Suite("The graft and the renderer agree on the document")
struct GraftAgreementTests {
    /// The most memory a run of a hostile file may take (the metadata bomb took 3.7 GB).
    private static let peakLimit = 500 << 20

    /// The generator's PDF `name`, made in a new folder.
    static func make(_ name: String) async throws -> String {
        let folder = try Paths.temporaryDirectory()
        try await TestDocuments.tool("/usr/bin/python3", ["-c", generator, folder, name])
        return folder + "/\(name).pdf"
    }

    /// An output that is already there, as an earlier run left it.
    static let earlierOutput = Data("an earlier run's output\n".utf8)

    /// `ocr` of `input` into a searchable PDF over an earlier output; returns the output's path.
    static func searchable(_ input: String, _ options: [String] = []) async throws -> (path: String, result: CommandResult) {
        let output = try Paths.temporaryDirectory() + "/out.pdf"
        try earlierOutput.write(to: URL(fileURLWithPath: output))
        let result = try await Command.filterocr(["ocr", "--no-feed", "--format", "pdf", "-o", output] + options + [input])
        return (output, result)
    }

    static func contents(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func text(_ pdf: String, page: Int? = nil) async throws -> String {
        let range = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
        return try await Command.run("/usr/bin/pdftotext", range + [pdf, "-"]).standardOutput
    }

    static func pageCount(_ pdf: String) async throws -> Int {
        let info = try await Command.run("/usr/bin/pdfinfo", [pdf]).standardOutput
        let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") })
        return Int(line.split(separator: " ").last ?? "") ?? -1
    }

    /// Checks a refusal: a failed run, one line saying `reason` about `input`, and the earlier
    /// output as it was.
    static func expectRefused(_ result: CommandResult, output: String, input: String, saying reason: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(result.status == 1, "\(result.status): \(result.standardError)", sourceLocation: sourceLocation)
        let refusals = result.errorLines.filter { $0.contains(reason) }
        #expect(refusals.count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
        let line = refusals.first ?? ""
        #expect(line.contains(URL(fileURLWithPath: input).lastPathComponent + ": "), "\(line)", sourceLocation: sourceLocation)
        #expect(try contents(output) == earlierOutput, "the earlier output is kept", sourceLocation: sourceLocation)
    }

    @Test("A last update with its startxref 5 bytes off, which qpdf would repair back to the revision before it, is refused in one line and nothing is written")
    func damagedLastUpdateRefused() async throws {
        let input = try await Self.make("redaction-damaged")
        // What the update hides is in the file, in the revision before it.
        #expect(try Self.contents(input).range(of: Data("SECRET".utf8)) != nil)
        let (output, result) = try await Self.searchable(input)
        try Self.expectRefused(result, output: output, input: input,
                               saying: "read it differently: its catalog is object 8 0 to MuPDF and 1 0 to qpdf, which repaired the damaged file from an earlier revision")
        #expect(result.errorLines.count == 1, "\(result.standardError)")
    }

    @Test("A damaged last update that redefines the page inside an object stream (the same objects, read differently by the two repairs) is refused in one line")
    func damagedUpdateInObjectStreamRefused() async throws {
        let input = try await Self.make("redaction-object-stream-damaged")
        let (output, result) = try await Self.searchable(input)
        try Self.expectRefused(result, output: output, input: input,
                               saying: "it is damaged (repaired by MuPDF and qpdf, and a repair guesses at the revision meant)")
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("rewrite it first (mutool clean IN.pdf OUT.pdf)"))
    }

    @Test("The same updates, undamaged, are written as their last revision shows them",
          arguments: ["redaction-intact", "redaction-object-stream-intact"])
    func intactLastUpdateWritten(name: String) async throws {
        let input = try await Self.make(name)
        let (output, result) = try await Self.searchable(input)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try await Self.pageCount(output) == 2)
        #expect(await !(try Self.text(output).contains("SECRET")), "the page blacked out stays blacked out")
    }

    @Test("Page trees MuPDF and qpdf read differently are refused in one line, the earlier output kept",
          arguments: [("leaf-typed-pages", "its page 1 is object 6 0 to MuPDF and 4 0 to qpdf"),
                      ("empty-pages-kid", "its page tree holds 3 pages to MuPDF and 4 to qpdf"),
                      ("integer-kid", "its page tree holds 3 pages to MuPDF and 4 to qpdf")])
    func pageTreesReadDifferently(name: String, reason: String) async throws {
        let input = try await Self.make(name)
        let (output, result) = try await Self.searchable(input)
        try Self.expectRefused(result, output: output, input: input, saying: "read it differently: " + reason)
    }

    @Test("A page tree that names page 1 twice: every page read goes in, in order; --pages 1 is refused rather than dropping two")
    func pageNamedTwice() async throws {
        let input = try await Self.make("page-named-twice")
        let (whole, all) = try await Self.searchable(input)
        #expect(all.status == 0, "\(all.standardError)")
        #expect(try await Self.pageCount(whole) == 3)
        #expect(try await Self.text(whole, page: 2).contains("ONE"))
        #expect(try await Self.text(whole, page: 3).contains("TWO"))

        let (output, selected) = try await Self.searchable(input, ["--pages", "1"])
        try Self.expectRefused(selected, output: output, input: input,
                               saying: "its page tree names pages more than once, so its pages go into a searchable PDF rendered, and 2 of its 3 pages were not read")
    }

    @Test("A /Rotate or /UserUnit the libraries read differently: MuPDF reads the page upright, and the output says so to every reader",
          arguments: [("rotate-huge", "/Rotate 900000000000"), ("user-unit-negative", "/UserUnit -1")])
    func geometryAgreed(name: String, odd: String) async throws {
        let input = try await Self.make(name)
        // MuPDF drew both turned (90 and 180 degrees): Tesseract read "SCYOM LHOlddn".
        let read = try await Command.filterocr(["ocr", "--no-feed", "--force-ocr", input])
        #expect(read.standardOutput.contains("UPRIGHT WORDS"), "\(read.standardOutput)")

        let (output, result) = try await Self.searchable(input, ["--force-ocr"])
        #expect(result.status == 0, "\(result.standardError)")
        let written = try await Command.run("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", output, "-"]).standardOutput
        #expect(!written.contains(odd) && !written.contains("/UserUnit"), "\(written.prefix(800))")
        // The page's own words and the layer's lie in the same place, as poppler shows the page.
        let words = try await Command.run("/usr/bin/pdftotext", ["-bbox", output, "-"]).standardOutput
            .split(separator: "\n").filter { $0.contains("<word") && $0.contains("UPRIGHT") }
        #expect(words.count == 2, "the page's word and the layer's: \(words)")
        let tops = words.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("yMin=") }.flatMap { Double($0.dropFirst(6).dropLast()) }
        }
        #expect(tops.count == 2 && abs(tops[0] - tops[1]) < 20, "\(words)")
    }

    @Test("A page from a second PDF keeps what it inherits from its page tree (its size, its /Rotate), as MuPDF drew it")
    func inheritedGeometryOfASecondPDF() async throws {
        let (first, second) = await (try Self.make("fill-text"), try Self.make("inherited-geometry"))
        let output = try Paths.temporaryDirectory() + "/both.pdf"
        let result = try await Command.filterocr(["batch", "--no-feed", "--format", "pdf", "-o", output, first, second])
        #expect(result.status == 0, "\(result.standardError)")
        let info = try await Command.run("/usr/bin/pdfinfo", ["-f", "2", "-l", "2", output]).standardOutput
        #expect(info.contains("Page    2 size:  300 x 400 pts") && info.contains("Page    2 rot:   90"), "\(info)")
    }

    @Test("Text that only clips (render mode 7) is not visible text: the page is read; filled text still is")
    func clipOnlyText() async throws {
        func line(_ name: String) async throws -> [String: Any] {
            let result = try await Command.filterocr(["ocr", "--no-feed", "--json", try Self.make(name)])
            return try #require(try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any], "\(result.standardError)")
        }
        let clipped = try await line("clip-text")
        #expect(clipped["skipped"] == nil && clipped["textLayer"] == nil, "\(clipped)")
        #expect(clipped["text"] != nil)
        let filled = try await line("fill-text")
        #expect(filled["textLayer"] as? String == "visible", "\(filled)")
    }

    @Test("XMP that inflates to 1 GiB, the document's or a page's, is left as it is, compressed, in bounded memory, and the output stays small",
          arguments: ["metadata-bomb", "page-metadata-bomb"])
    func metadataBomb(name: String) async throws {
        let input = try await Self.make(name)
        let output = try Paths.temporaryDirectory() + "/out.pdf"
        let result = try await Command.measuredFilterocr(["ocr", "--no-feed", "--format", "pdf", "-o", output, input])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.peakBytes < Self.peakLimit, "peak \(result.peakMegabytes) MB")
        let size = try Self.contents(output).count
        let inputSize = try Self.contents(input).count
        #expect(size < inputSize + (1 << 20), "\(size) bytes from \(inputSize)")
        let written = String(decoding: try Self.contents(output), as: UTF8.self)
        #expect(written.range(of: #"<< /Filter /FlateDecode /Subtype /XML /Type /Metadata /Length \d+ >>"#, options: .regularExpression) != nil,
                "the packet is still compressed")
    }

    @Test("XMP too large to update that claims PDF/A is refused in one line rather than left claiming it")
    func metadataBombClaimingPDFA() async throws {
        let input = try await Self.make("metadata-bomb-pdfa")
        let (output, result) = try await Self.searchable(input)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("metadata-bomb-pdfa.pdf: its XMP metadata decodes to more than 4 MB and claims PDF/A conformance"),
                "\(result.standardError)")
        #expect(try Self.contents(output) == Self.earlierOutput)
    }

    @Test("A PDF/A claim goes from the XMP once a page has text laid over it, whatever prefix it is written with",
          arguments: ["pdfa-attributes", "pdfa-elements"])
    func pdfaClaimRemoved(name: String) async throws {
        let input = try await Self.make(name)
        let before = try await Command.run("/usr/bin/pdfinfo", ["-meta", input]).standardOutput
        #expect(before.contains(":part") && before.contains(":conformance"), "\(before)")
        let (output, result) = try await Self.searchable(input)
        #expect(result.status == 0, "\(result.standardError)")
        let after = try await Command.run("/usr/bin/pdfinfo", ["-meta", output]).standardOutput
        #expect(!after.contains(":part") && !after.contains(":conformance"), "\(after)")
        #expect(after.contains("<pdf:Producer>filterocr "), "the rest of the packet is updated: \(after)")
    }

    @Test("A PDF/A whose pages are all left as they are keeps its claim: nothing of its pages changed")
    func pdfaClaimKeptWhenNoPageChanged() async throws {
        let input = try await Self.make("pdfa-born-digital")
        let (output, result) = try await Self.searchable(input)
        #expect(result.status == 0, "\(result.standardError)")
        let after = try await Command.run("/usr/bin/pdfinfo", ["-meta", output]).standardOutput
        // Either quote: the packet is written again by an XML library, which may choose the other.
        #expect(after.range(of: #"pdfaid:part=["']2["']"#, options: .regularExpression) != nil &&
                after.range(of: #"pdfaid:conformance=["']B["']"#, options: .regularExpression) != nil, "\(after)")
    }

    @Test("XMP properties are found by their schema, whatever prefix binds it; a lookalike of another schema is left")
    func xmpPropertiesByNamespace() async throws {
        let input = try await Self.make("xmp-other-prefix")
        let (output, result) = try await Self.searchable(input)
        #expect(result.status == 0, "\(result.standardError)")
        let after = try await Command.run("/usr/bin/pdfinfo", ["-meta", output]).standardOutput
        #expect(after.contains("<p:Producer>filterocr "), "\(after)")
        #expect(after.contains("<pdf:Producer>lookalike</pdf:Producer>"), "\(after)")
    }

    @Test("An XMP packet that is not well-formed is left as it is; claiming PDF/A over changed pages, it is refused in one line")
    func malformedXMP() async throws {
        let kept = try await Self.make("xmp-malformed")
        let before = try await Command.run("/usr/bin/pdfinfo", ["-meta", kept]).standardOutput
        let (output, result) = try await Self.searchable(kept)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "libxml2 says nothing of it: \(result.standardError)")
        let after = try await Command.run("/usr/bin/pdfinfo", ["-meta", output]).standardOutput
        #expect(!before.isEmpty && after == before, "\(after)")

        let claiming = try await Self.make("xmp-malformed-pdfa")
        let (refusedOutput, refused) = try await Self.searchable(claiming)
        try Self.expectRefused(refused, output: refusedOutput, input: claiming,
                               saying: "its XMP metadata is not well-formed XML and claims PDF/A conformance")
    }
}

/// Writes `FOLDER/NAME.pdf`: `python3 -c GENERATOR FOLDER NAME`. Standard library only; each
/// file in well under a second (the metadata bomb compresses one MiB and repeats its block).
private let generator = #"""
import struct, sys, zlib

FONT = b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>"

def stream(data, entries=b""):
    return b"<<" + entries + b"/Length %d>>stream\n" % len(data) + data + b"\nendstream"

def text(words, mode=0):
    return b"BT %d Tr /F1 48 Tf 72 680 Td (%s) Tj ET" % (mode, words)

BOX = b"0 0 1 rg 72 72 200 200 re f"

def body(objects, start=b""):
    out = bytearray(start or b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number, content in sorted(objects.items()):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + content + b"\nendobj\n"
    return out, offsets

def xref(out, offsets, size, root, prev=None, skew=0):
    start = len(out)
    out += b"xref\n"
    numbers = sorted(offsets)
    if prev is None:
        out += b"0 %d\n0000000000 65535 f \n" % size
        for number in range(1, size):
            out += b"%010d 00000 n \n" % offsets[number] if number in offsets else b"0000000000 65535 f \n"
    else:
        out += b"%d %d\n" % (numbers[0], len(numbers))
        for number in numbers:
            out += b"%010d 00000 n \n" % offsets[number]
    out += b"trailer\n<</Size %d/Root %d 0 R%s>>\n" % (size, root, b"/Prev %d" % prev if prev is not None else b"")
    out += b"startxref\n%d\n%%%%EOF\n" % (start + skew)
    return bytes(out), start

def page(contents, parent=2, extra=b""):
    return (b"<</Type/Page/Parent %d 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents %d 0 R%s>>"
            % (parent, contents, extra))

def document(objects):
    out, offsets = body(objects)
    return xref(out, offsets, max(objects) + 1, 1)[0]

def redaction(skew):
    """Page 1 shows SECRET; the last update blacks it out through a new catalog, page tree and
    page; `skew` moves its startxref off its xref."""
    first = {1: b"<</Type/Catalog/Pages 2 0 R>>", 2: b"<</Type/Pages/Kids[4 0 R 6 0 R]/Count 2>>", 3: FONT,
             4: page(5), 5: stream(text(b"SECRET")), 6: page(7), 7: stream(BOX)}
    out, offsets = body(first)
    base, prev = xref(out, offsets, 8, 1)
    update = {8: b"<</Type/Catalog/Pages 9 0 R>>", 9: b"<</Type/Pages/Kids[10 0 R 6 0 R]/Count 2>>",
              10: page(11, parent=9), 11: stream(b"0 0 0 rg 0 0 612 792 re f")}
    out, offsets = body(update, start=base)
    return xref(out, offsets, 12, 8, prev=prev, skew=skew)[0]

def redaction_in_object_stream(skew):
    """Page 1 shows SECRET; the last update, a cross-reference stream with its startxref `skew`
    bytes off, redefines the page (same number) inside an object stream to draw a black page.
    MuPDF's repair reads the object stream, qpdf's the page as it was: the same objects, read
    differently."""
    first = {1: b"<</Type/Catalog/Pages 2 0 R>>", 2: b"<</Type/Pages/Kids[4 0 R 6 0 R]/Count 2>>", 3: FONT,
             4: page(5), 5: stream(text(b"SECRET")), 6: page(7), 7: stream(BOX)}
    out, offsets = body(first)
    base, prev = xref(out, offsets, 8, 1)
    out = bytearray(base)
    black = len(out)
    out += b"8 0 obj\n" + stream(b"0 0 0 rg 0 0 612 792 re f") + b"\nendobj\n"
    head = b"4 0\n"
    packed = len(out)
    out += b"9 0 obj\n" + stream(head + page(8), b"/Type/ObjStm/N 1/First %d" % len(head)) + b"\nendobj\n"
    table = len(out)
    entries = {4: (2, 9, 0), 8: (1, black, 0), 9: (1, packed, 0), 10: (1, table, 0)}
    rows = b"".join(struct.pack(">BIH", *entries[number]) for number in sorted(entries))
    index = b" ".join(b"%d 1" % number for number in sorted(entries))
    out += b"10 0 obj\n" + stream(rows, b"/Type/XRef/Size 11/W[1 4 2]/Index[%s]/Root 1 0 R/Prev %d" % (index, prev))
    out += b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % (table + skew)
    return bytes(out)

def tree(kids, count, more=None, first_type=b"/Page"):
    objects = {1: b"<</Type/Catalog/Pages 2 0 R>>", 2: b"<</Type/Pages/Kids[%s]/Count %d>>" % (kids, count), 3: FONT,
               4: page(5).replace(b"/Type/Page", b"/Type" + first_type, 1), 5: stream(text(b"PAGE ONE")),
               6: page(7), 7: stream(text(b"PAGE TWO")), 8: page(9), 9: stream(text(b"PAGE THREE"))}
    objects.update(more or {})
    return document(objects)

def one_page(content, page_extra=b"", catalog_extra=b"", more=None):
    objects = {1: b"<</Type/Catalog/Pages 2 0 R%s>>" % catalog_extra, 2: b"<</Type/Pages/Kids[4 0 R]/Count 1>>",
               3: FONT, 4: page(5, extra=page_extra), 5: stream(content)}
    objects.update(more or {})
    return document(objects)

def inherited_geometry():
    """One page that takes its size, its turn and its resources from its page tree."""
    return document({1: b"<</Type/Catalog/Pages 2 0 R>>",
                     2: b"<</Type/Pages/Kids[4 0 R]/Count 1/MediaBox[0 0 300 400]/Rotate 90"
                        b"/Resources<</Font<</F1 3 0 R>>>>>>",
                     3: FONT, 4: b"<</Type/Page/Parent 2 0 R/Contents 5 0 R>>", 5: stream(BOX)})

def xmp(description):
    return (b"<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?><x:xmpmeta xmlns:x='adobe:ns:meta/'>"
            b"<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>" + description +
            b"</rdf:RDF></x:xmpmeta><?xpacket end='w'?>")

PDFA_ATTRIBUTES = (b"<rdf:Description rdf:about='' xmlns:pdfaid='http://www.aiim.org/pdfa/ns/id/' pdfaid:part='2' "
                   b"pdfaid:conformance='B'/><rdf:Description rdf:about='' xmlns:pdf='http://ns.adobe.com/pdf/1.3/'>"
                   b"<pdf:Producer>scanner</pdf:Producer></rdf:Description>")
PDFA_ELEMENTS = (b"<rdf:Description rdf:about='' xmlns:id='http://www.aiim.org/pdfa/ns/id/'><id:part>2</id:part>"
                 b"<id:conformance>B</id:conformance></rdf:Description><rdf:Description rdf:about='' "
                 b"xmlns:pdf='http://ns.adobe.com/pdf/1.3/'><pdf:Producer>scanner</pdf:Producer></rdf:Description>")

def with_metadata(content, packet):
    return one_page(content, catalog_extra=b"/Metadata 6 0 R",
                    more={6: stream(packet, b"/Type/Metadata/Subtype/XML")})

def metadata_bomb(description, mebibytes=1024, on_page=False):
    """A packet of a few hundred bytes padded with `mebibytes` MiB of spaces, deflated to about a
    megabyte: each MiB is compressed alone after a full flush, so one block serves them all. It
    is the document's metadata, or the page's."""
    head, tail = xmp(description).split(b"<?xpacket end")
    tail = b"<?xpacket end" + tail
    chunk = b" " * (1 << 20)
    packer = zlib.compressobj(9)
    data = packer.compress(head + chunk) + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(chunk) + packer.flush(zlib.Z_FULL_FLUSH)
    data += block * (mebibytes - 2) + packer.compress(chunk + tail) + packer.flush()
    # The blocks were compressed once: the checksum is the whole packet's.
    checksum = zlib.adler32(head)
    for _ in range(mebibytes):
        checksum = zlib.adler32(chunk, checksum)
    data = data[:-4] + struct.pack(">I", zlib.adler32(tail, checksum))
    where = {"page_extra": b"/Metadata 6 0 R"} if on_page else {"catalog_extra": b"/Metadata 6 0 R"}
    return one_page(BOX, more={6: stream(data, b"/Type/Metadata/Subtype/XML/Filter/FlateDecode")}, **where)

DATE = b"<rdf:Description rdf:about='' xmlns:xmp='http://ns.adobe.com/xap/1.0/' xmp:ModifyDate='2020-01-01T00:00:00Z'/>"
# The PDF schema under another prefix, and a lookalike property of another schema under its prefix.
OTHER_PREFIX = (b"<rdf:Description rdf:about='' xmlns:p='http://ns.adobe.com/pdf/1.3/'><p:Producer>scanner</p:Producer>"
                b"</rdf:Description><rdf:Description rdf:about='' xmlns:pdf='urn:example:not-pdf'>"
                b"<pdf:Producer>lookalike</pdf:Producer></rdf:Description>")
# An element left open: not well-formed, with and without the PDF/A identification.
MALFORMED = b"<rdf:Description rdf:about='' xmlns:pdf='http://ns.adobe.com/pdf/1.3/'><pdf:Producer>scanner"
MALFORMED_PDFA = PDFA_ATTRIBUTES + MALFORMED

SHAPES = {
    "redaction-damaged": lambda: redaction(5),
    "redaction-intact": lambda: redaction(0),
    "redaction-object-stream-damaged": lambda: redaction_in_object_stream(5),
    "redaction-object-stream-intact": lambda: redaction_in_object_stream(0),
    "leaf-typed-pages": lambda: tree(b"4 0 R 6 0 R 8 0 R", 3, first_type=b"/Pages"),
    "empty-pages-kid": lambda: tree(b"10 0 R 4 0 R 6 0 R 8 0 R", 3, {10: b"<</Type/Pages/Parent 2 0 R/Count 0>>"}),
    "integer-kid": lambda: tree(b"4 0 R 5 6 0 R 8 0 R", 3),
    "page-named-twice": lambda: tree(b"4 0 R 4 0 R 6 0 R", 3),
    "rotate-huge": lambda: one_page(text(b"UPRIGHT WORDS"), b"/Rotate 900000000000"),
    "user-unit-negative": lambda: one_page(text(b"UPRIGHT WORDS"), b"/UserUnit -1"),
    "inherited-geometry": inherited_geometry,
    "clip-text": lambda: one_page(text(b"CLIPPED", mode=7) + b" " + BOX),
    "fill-text": lambda: one_page(text(b"FILLED", mode=0) + b" " + BOX),
    "metadata-bomb": lambda: metadata_bomb(DATE),
    "page-metadata-bomb": lambda: metadata_bomb(DATE, on_page=True),
    "metadata-bomb-pdfa": lambda: metadata_bomb(PDFA_ATTRIBUTES),
    "pdfa-attributes": lambda: with_metadata(BOX, xmp(PDFA_ATTRIBUTES)),
    "pdfa-elements": lambda: with_metadata(BOX, xmp(PDFA_ELEMENTS)),
    "pdfa-born-digital": lambda: with_metadata(text(b"BORN DIGITAL"), xmp(PDFA_ATTRIBUTES)),
    "xmp-other-prefix": lambda: with_metadata(BOX, xmp(OTHER_PREFIX)),
    "xmp-malformed": lambda: with_metadata(BOX, xmp(MALFORMED)),
    "xmp-malformed-pdfa": lambda: with_metadata(BOX, xmp(MALFORMED_PDFA)),
}

folder, name = sys.argv[1], sys.argv[2]
with open("%s/%s.pdf" % (folder, name), "wb") as output:
    output.write(SHAPES[name]())
"""#
