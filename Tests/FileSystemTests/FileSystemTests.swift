import FileSystem
import Foundation
import TestSupport
import Testing

@Suite("Files as filterocr reads and writes them")
struct FileSystemTests {
    @Test("A name that is not UTF-8 survives decoding byte for byte, and is shown escaped")
    func namesThatAreNotUTF8() {
        let bytes: [UInt8] = Array("scan".utf8) + [0xFF] + Array(".png".utf8)
        let path = PathEncoding.decode(bytes)
        #expect(PathEncoding.bytes(of: path) == bytes)
        #expect(PathEncoding.displayed(path) == #"scan\xFF.png"#)
        #expect(PathEncoding.displayed("photo\u{202E}gnp.exe") == #"photo\u{202E}gnp.exe"#)
        #expect(PathEncoding.displayed("a\u{1B}[2Jb") == #"a\x1B[2Jb"#)
    }

    @Test("An atomic write replaces a file whole, and refuses what is not a file")
    func atomicWrite() throws {
        let folder = try Paths.temporaryDirectory()
        let path = folder + "/out.txt"
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Array("second".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.txt"], "no temporary left")

        #expect(throws: FileError.self) { try AtomicFile.write([1], to: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: path)
        let link = try #require(throws: FileError.self) { try AtomicFile.write([1], to: folder + "/link") }
        #expect(link.localizedDescription.contains("symbolic link"), "\(link.localizedDescription)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second", "the link's target untouched")
        let missing = try #require(throws: FileError.self) { try AtomicFile.write([1], to: folder + "/none/out.txt") }
        guard case .missingFolder = missing else {
            Issue.record("expected a missing folder, got \(missing)")
            return
        }
    }

    @Test("A bounded read refuses a file over its limit before reading it, and reads one at the limit")
    func boundedRead() throws {
        let path = try Paths.temporaryDirectory() + "/ten"
        try Data(repeating: 7, count: 10).write(to: URL(fileURLWithPath: path))
        #expect(try BoundedRead.file(path, limit: 10) == [UInt8](repeating: 7, count: 10))
        let error = try #require(throws: FileError.self) { try BoundedRead.file(path, limit: 9) }
        guard case .tooLarge(_, let bytes, let limit) = error else {
            Issue.record("expected too large, got \(error)")
            return
        }
        #expect(bytes == 10 && limit == 9)
        #expect(try BoundedRead.prefix(of: path, count: 4).count == 4)
    }

    @Test("Lines come from a stream one at a time, the last without its line break, bytes that are not UTF-8 kept")
    func lines() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let written: [UInt8] = Array("blur\n".utf8) + [0xFE] + Array("\n\nlast".utf8)
        #expect(write(ends[1], written, written.count) == written.count)
        close(ends[1])
        defer { close(ends[0]) }
        let reader = LineReader(descriptor: ends[0])
        #expect(reader.peek(4) == Array("blur".utf8), "peeking reads nothing away")
        #expect(reader.readLine() == "blur")
        #expect(reader.readLine().map(PathEncoding.bytes(of:)) == [0xFE])
        #expect(reader.readLine() == "")
        #expect(reader.readLine() == "last")
        #expect(reader.readLine() == nil)
    }
}
