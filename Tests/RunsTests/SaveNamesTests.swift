import FileSystem
import Runs
import Testing

@Suite("The names --save-dir gives the filtered images")
struct SaveNamesTests {
    /// The bytes a file system stores for `name`.
    private func length(_ name: String) -> Int { PathEncoding.bytes(of: name).count }

    @Test("The input's name without its folder and extension, with its page, as PNG")
    func fromTheInput() {
        var names = SaveNames()
        #expect(names.name(for: "/scans/2024/receipt.jpg") == "receipt.png")
        #expect(names.name(for: "book.pdf", page: 12) == "book-p12.png")
        #expect(names.name(for: "archive.tar.gz") == "archive.tar.png", "only the last extension goes")
        #expect(names.name(for: "README") == "README.png")
    }

    @Test("A name that comes back, from the same input or another folder, is numbered so that no image replaces another")
    func collisions() {
        var names = SaveNames()
        #expect(names.name(for: "a/scan.png") == "scan.png")
        #expect(names.name(for: "b/scan.tif") == "scan-2.png")
        #expect(names.name(for: "a/scan.png") == "scan-3.png")
        #expect(names.name(for: "scan-2.jpg") == "scan-2-2.png", "an input's own name that a number took is numbered too")
        #expect(names.name(for: "doc.pdf", page: 2) == "doc-p2.png")
        #expect(names.name(for: "doc-p2.png") == "doc-p2-2.png", "a page's name and a file's are one space")
    }

    @Test("Every name of a run is different, however the inputs repeat")
    func allDifferent() {
        var names = SaveNames()
        let inputs = ["x.png", "x.png", "x-2.png", "dir/x.png", "x-3.png", "x", "x-2", "-", "-", ".", ".."]
        let made = inputs.map { names.name(for: $0) }
        #expect(Set(made).count == made.count, "\(made)")
    }

    @Test("Standard input, and names with nothing to keep, are saved as stdin", arguments: ["-", ".", "..", "folder/", "  .png"])
    func standardInput(input: String) {
        var names = SaveNames()
        #expect(names.name(for: input) == "stdin.png")
        #expect(names.name(for: input) == "stdin-2.png")
    }

    @Test("Line breaks become underscores and spaces at the ends go, so the name is one line")
    func oneLine() {
        var names = SaveNames()
        #expect(names.name(for: "two\nlines.png") == "two_lines.png")
        #expect(names.name(for: "cr\r\nlf.png") == "cr_lf.png", "a CR LF is one character")
        #expect(names.name(for: "  padded .png") == "padded.png")
    }

    @Test("A name stays inside the folder: no path separator comes through")
    func staysInside() {
        var names = SaveNames()
        for input in ["../../etc/passwd", "/abs/path/x.png", "a/b/../c.png", "..//x.jpg"] {
            let name = names.name(for: input)
            #expect(!name.contains("/") && name != ".." && name != ".", "\(input) -> \(name)")
        }
    }

    @Test("A long name is cut to 255 bytes between characters, its number and extension kept", arguments: ["a", "é", "👩‍👩‍👧"])
    func longNames(character: String) {
        var names = SaveNames()
        let stem = String(repeating: character, count: 300)
        let first = names.name(for: stem + ".jpg")
        let second = names.name(for: "other/" + stem + ".tif")
        for name in [first, second] {
            #expect(length(name) <= SaveNames.maximumLength, "\(length(name)) bytes")
            #expect(length(name) > SaveNames.maximumLength - PathEncoding.bytes(of: character).count - 6, "cut no shorter than needed")
            #expect(String(name.prefix { $0 != "." && $0 != "-" }).allSatisfy { String($0) == character }, "whole characters only")
        }
        #expect(first.hasSuffix(".png") && second.hasSuffix("-2.png") && first != second)
    }

    @Test("A name whose bytes are not UTF-8 is cut by its bytes on disk, an escaped byte counting one")
    func bytesNotUTF8() {
        var names = SaveNames()
        let stem = PathEncoding.decode([UInt8](repeating: 0xFF, count: 300))
        let name = names.name(for: stem + ".png")
        #expect(length(name) == SaveNames.maximumLength)
        #expect(PathEncoding.bytes(of: name).prefix(251) == [UInt8](repeating: 0xFF, count: 251)[...])
    }
}
