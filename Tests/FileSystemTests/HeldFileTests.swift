import FileSystem
import Foundation
import Testing

@Suite("A file held open by its descriptor")
struct HeldFileTests {
    @Test("Its readable path opens the very file that was checked, whatever its name comes to hold")
    func readablePathIsTheHeldFile() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("checked", to: root + "/scan.png")
        let held = try OpenFolder(root).open("scan.png")
        TestFiles.replace(root + "/scan.png", with: "swapped in")
        #expect(TestFiles.read(held.readablePath) == "checked")
        try FileManager.default.removeItem(atPath: root + "/scan.png")
        #expect(TestFiles.read(held.readablePath) == "checked", "still readable once its name is gone")
        #expect(held.readablePath.hasPrefix("/proc/self/fd/"))
    }

    @Test("Its stamp is the file as it was opened: its size, and whose it is")
    func stamp() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("12345", to: root + "/scan.png")
        let held = try OpenFolder(root).open("scan.png")
        #expect(held.stamp.byteCount == 5)
        #expect(held.stamp.isSameFile(as: try #require(FileStamp(at: root + "/scan.png"))))
        TestFiles.replace(root + "/scan.png", with: "12345")
        #expect(!held.stamp.isSameFile(as: try #require(FileStamp(at: root + "/scan.png"))), "same bytes, another file")
    }

    @Test("It says when it was written while held: appended to or cut short, not when only its name changed")
    func unchanged() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("page one", to: root + "/grows.png")
        TestFiles.write("page one", to: root + "/shrinks.png")
        TestFiles.write("page one", to: root + "/renamed.png")
        let folder = try OpenFolder(root)
        let (grows, shrinks, renamed) = (try folder.open("grows.png"), try folder.open("shrinks.png"), try folder.open("renamed.png"))
        #expect(grows.isUnchanged && shrinks.isUnchanged && renamed.isUnchanged)

        let appending = try FileHandle(forWritingTo: URL(fileURLWithPath: root + "/grows.png"))
        try appending.seekToEnd()
        try appending.write(contentsOf: Data(" and two".utf8))
        try appending.close()
        #expect(!grows.isUnchanged)
        #expect(truncate(root + "/shrinks.png", 4) == 0)
        #expect(!shrinks.isUnchanged)
        try FileManager.default.moveItem(atPath: root + "/renamed.png", toPath: root + "/moved.png")
        #expect(renamed.isUnchanged, "a rename leaves the content as it was")
    }

    @Test("A file replaced after it was held is not moved: the held file is copied, and what the name now holds stays")
    func replacedFileIsNotMoved() throws {
        let (source, target) = (try TestFiles.folder(), try TestFiles.folder())
        defer { TestFiles.remove(source); TestFiles.remove(target) }
        TestFiles.write("the scan that was checked", to: source + "/scan.png")
        let (from, to) = (try OpenFolder(source), try OpenFolder(target))
        let held = try from.open("scan.png")
        TestFiles.replace(source + "/scan.png", with: "a later scan, not read yet")
        let moved = try from.move("scan.png", held: held, to: to, names: UniqueNames("scan.png"))
        #expect(moved == "scan.png")
        #expect(TestFiles.read(target + "/scan.png") == "the scan that was checked")
        #expect(TestFiles.read(source + "/scan.png") == "a later scan, not read yet", "the new file is left for its own turn")
    }
}
