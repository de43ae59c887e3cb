#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing

@Suite("A folder held open by its descriptor")
struct OpenFolderTests {
    /// `scan` and a byte that is not UTF-8, then `.png`: a name Linux stores and Swift cannot spell.
    private static let notUTF8 = PathEncoding.decode(Array("scan".utf8) + [0xFF, 0xFE] + Array(".png".utf8))

    @Test("A missing folder and a file are refused with what they are; a link to a folder is followed")
    func opening() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        #expect(throws: FileError.notFound(path: root + "/none")) { try OpenFolder(root + "/none") }
        TestFiles.write("text", to: root + "/file")
        #expect(throws: FileError.notAFile(path: root + "/file", kind: .regular(size: 4))) { try OpenFolder(root + "/file") }
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/real")
        let linked = try OpenFolder(root + "/link")
        #expect(linked.isSame(as: try OpenFolder(root + "/real")))
        #expect(!linked.isSame(as: try OpenFolder(root)))
        #expect(linked.path(of: "a.png") == root + "/link/a.png")
        #expect(try OpenFolder(root + "/real/").path(of: "a.png") == root + "/real/a.png", "one slash between folder and name")
    }

    @Test("Its names are every entry but . and .., names that are not UTF-8 among them, listed from the top each time")
    func names() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("a", to: root + "/a.png")
        TestFiles.write("odd", to: root + "/" + Self.notUTF8)
        try FileManager.default.createDirectory(atPath: root + "/done", withIntermediateDirectories: false)
        let folder = try OpenFolder(root)
        let expected = ["a.png", "done", Self.notUTF8].sorted()
        #expect(folder.names().sorted() == expected)
        #expect(folder.names().sorted() == expected, "a second listing starts from the top again")
        #expect(folder.kind(of: Self.notUTF8) == .regular(size: 3))
        let held = try folder.open(Self.notUTF8)
        #expect(TestFiles.read(held.readablePath) == "odd", "the name reaches the file its bytes name")
    }

    @Test("Opening takes regular files only: a link, a FIFO (not waited on) and a folder are refused; a missing name is named in full")
    func openRefusesWhatIsNotAFile() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("target", to: root + "/target.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/link.png", withDestinationPath: root + "/target.png")
        #expect(mkfifo(root + "/pipe.png", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: root + "/folder.png", withIntermediateDirectories: false)
        let folder = try OpenFolder(root)
        #expect(throws: FileError.notAFile(path: root + "/link.png", kind: .symbolicLink)) { try folder.open("link.png") }
        #expect(throws: FileError.notAFile(path: root + "/pipe.png", kind: .fifo)) { try folder.open("pipe.png") }
        #expect(throws: FileError.notAFile(path: root + "/folder.png", kind: .directory)) { try folder.open("folder.png") }
        #expect(throws: FileError.notFound(path: root + "/gone.png")) { try folder.open("gone.png") }
        #expect(folder.kind(of: "link.png") == .symbolicLink, "the link itself, not what it points to")
        #expect(folder.stamp(of: "gone.png") == nil)
        let target = try folder.open("target.png")
        #expect(TestFiles.read(target.readablePath) == "target")
    }

    @Test("Moving never replaces a file: the first free name is taken, and the file arrives whole")
    func moveNeverReplaces() throws {
        let (source, target) = (try TestFiles.folder(), try TestFiles.folder())
        defer { TestFiles.remove(source); TestFiles.remove(target) }
        TestFiles.write("new scan", to: source + "/scan.png")
        TestFiles.write("first", to: target + "/scan.png")
        TestFiles.write("second", to: target + "/scan-2.png")
        let (from, to) = (try OpenFolder(source), try OpenFolder(target))
        let held = try from.open("scan.png")
        #expect(try from.move("scan.png", held: held, to: to, names: UniqueNames("scan.png")) == "scan-3.png")
        #expect(TestFiles.names(in: source).isEmpty)
        #expect(TestFiles.read(target + "/scan.png") == "first" && TestFiles.read(target + "/scan-2.png") == "second")
        #expect(TestFiles.read(target + "/scan-3.png") == "new scan")
    }

    @Test("Across file systems a file is copied, then removed here; what is not a file is not moved there at all",
          .enabled(if: TestFiles.anotherFileSystem, "no second file system (/dev/shm)"))
    func moveAcrossFileSystems() throws {
        let source = try TestFiles.folder()
        let target = try TestFiles.folderElsewhere()
        defer { TestFiles.remove(source); TestFiles.remove(target) }
        TestFiles.write("scan", to: source + "/scan.png")
        TestFiles.write("there already", to: target + "/scan.png")
        try FileManager.default.createSymbolicLink(atPath: source + "/link.png", withDestinationPath: "scan.png")
        let (from, to) = (try OpenFolder(source), try OpenFolder(target))
        let held = try from.open("scan.png")
        #expect(try from.move("scan.png", held: held, to: to, names: UniqueNames("scan.png")) == "scan-2.png")
        #expect(TestFiles.read(target + "/scan-2.png") == "scan" && TestFiles.read(target + "/scan.png") == "there already")
        #expect(TestFiles.names(in: source) == ["link.png"], "the original removed once copied")
        let refusal = try #require(throws: FileError.self) { try from.move("link.png", held: nil, to: to, names: UniqueNames("link.png")) }
        #expect(refusal.localizedDescription.contains("it is not a file, and the folder is on another file system"),
                "\(refusal.localizedDescription)")
        #expect(TestFiles.names(in: source) == ["link.png"] && !TestFiles.names(in: target).contains("link.png"))
    }

    @Test("Renaming and creating take the first free name; nothing there is replaced")
    func renameAndCreate() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("old", to: root + "/out.txt")
        TestFiles.write("finished", to: root + "/.out.txt.tmp")
        let folder = try OpenFolder(root)
        #expect(try folder.rename(".out.txt.tmp", toFirstFreeOf: UniqueNames("out.txt")) == "out-2.txt")
        #expect(try folder.create(Array("made".utf8), names: UniqueNames("out.txt")) == "out-3.txt")
        #expect(TestFiles.names(in: root) == ["out-2.txt", "out-3.txt", "out.txt"])
        #expect(TestFiles.read(root + "/out.txt") == "old")
        #expect(TestFiles.read(root + "/out-2.txt") == "finished" && TestFiles.read(root + "/out-3.txt") == "made")
        #expect(throws: FileError.self) { try folder.rename("missing", toFirstFreeOf: UniqueNames("x")) }
    }

    @Test("Replacing a file writes it whole and leaves no temporary file; a folder or a link in its place is refused and left alone")
    func replace() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("old journal", to: root + "/journal")
        try FileManager.default.createDirectory(atPath: root + "/folder", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "journal")
        let folder = try OpenFolder(root)
        try folder.replace("journal", with: Array("new journal".utf8))
        try folder.replace("fresh", with: Array("fresh".utf8))
        #expect(TestFiles.read(root + "/journal") == "new journal" && TestFiles.read(root + "/fresh") == "fresh")
        #expect(throws: FileError.notAFile(path: root + "/folder", kind: .directory)) { try folder.replace("folder", with: [1]) }
        #expect(throws: FileError.notAFile(path: root + "/link", kind: .symbolicLink)) { try folder.replace("link", with: [1]) }
        #expect(TestFiles.names(in: root) == ["folder", "fresh", "journal", "link"], "no temporary left")
        #expect(TestFiles.read(root + "/journal") == "new journal", "not written through the link")
    }

    @Test("Removing takes a file away; a name that is not there is an error that says so")
    func remove() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("x", to: root + "/x")
        let folder = try OpenFolder(root)
        try folder.remove("x")
        #expect(folder.kind(of: "x") == .missing)
        let error = try #require(throws: FileError.self) { try folder.remove("x") }
        #expect(error.localizedDescription.hasPrefix("cannot write \(root)/x: cannot remove it ("), "\(error.localizedDescription)")
    }

    @Test("The folder knows when its path no longer leads to it: renamed away, deleted, or another folder put in its place")
    func stillAtItsPath() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let path = root + "/watched"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let renamed = try OpenFolder(path)
        #expect(renamed.isStillAtItsPath)
        try FileManager.default.moveItem(atPath: path, toPath: root + "/elsewhere")
        #expect(!renamed.isStillAtItsPath)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(!renamed.isStillAtItsPath, "a new folder of that name is another folder")
        let deleted = try OpenFolder(path)
        #expect(deleted.isStillAtItsPath)
        try FileManager.default.removeItem(atPath: path)
        #expect(!deleted.isStillAtItsPath)
    }

    @Test("Only one holder takes the folder's lock; it is free again once that holder is gone")
    func exclusiveLock() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        var first: OpenFolder? = try OpenFolder(root)
        #expect(first?.lockExclusively() == true)
        _ = first?.names()
        #expect(try OpenFolder(root).lockExclusively() == false, "held by the first, whose listing kept it")
        first = nil
        #expect(try OpenFolder(root).lockExclusively())
    }
}
