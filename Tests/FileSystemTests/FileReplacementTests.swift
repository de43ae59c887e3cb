import FileSystem
import Foundation
import Testing

@Suite("A file's new version, written aside and put in its place whole")
struct FileReplacementTests {
    @Test("Until the commit the old file is as it was; the commit puts the new one in its place, whole, with no temporary left")
    func commit() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("old report", to: root + "/report.txt")
        let replacement = try FileReplacement(root + "/report.txt")
        replacement.write(Array("new ".utf8))
        replacement.write(Array("report".utf8))
        #expect(TestFiles.read(root + "/report.txt") == "old report", "readers see the old file while the new one is written")
        #expect(TestFiles.names(in: root).count == 2, "the new version is a file of its own beside it")
        try replacement.commit()
        #expect(TestFiles.read(root + "/report.txt") == "new report")
        #expect(TestFiles.names(in: root) == ["report.txt"])
    }

    @Test("A new file is made only by the commit")
    func newFile() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let replacement = try FileReplacement(root + "/new.txt")
        replacement.write(Array("made".utf8))
        #expect(TestFiles.read(root + "/new.txt") == nil)
        try replacement.commit()
        #expect(TestFiles.read(root + "/new.txt") == "made" && TestFiles.names(in: root) == ["new.txt"])
    }

    @Test("Abandoned, or let go without a commit, the new version is removed and the old file left intact")
    func abandon() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("kept", to: root + "/out.txt")
        let replacement = try FileReplacement(root + "/out.txt")
        replacement.write(Array("half of".utf8))
        replacement.abandon()
        #expect(TestFiles.read(root + "/out.txt") == "kept" && TestFiles.names(in: root) == ["out.txt"])
        replacement.write(Array("more".utf8))
        let late = try #require(throws: FileError.self) { try replacement.commit() }
        #expect(late == .cannotWrite(path: root + "/out.txt", reason: "already finished"))
        #expect(TestFiles.read(root + "/out.txt") == "kept" && TestFiles.names(in: root) == ["out.txt"])

        do {
            let dropped = try FileReplacement(root + "/out.txt")
            dropped.write(Array("never committed".utf8))
        }
        #expect(TestFiles.read(root + "/out.txt") == "kept" && TestFiles.names(in: root) == ["out.txt"])
    }

    @Test("A commit is made once: a second one fails and changes nothing")
    func commitOnce() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let replacement = try FileReplacement(root + "/out.txt")
        replacement.write(Array("first".utf8))
        try replacement.commit()
        TestFiles.write("written since", to: root + "/out.txt")
        #expect(throws: FileError.cannotWrite(path: root + "/out.txt", reason: "already finished")) { try replacement.commit() }
        #expect(TestFiles.read(root + "/out.txt") == "written since")
    }

    @Test("A commit that cannot put the new file in place throws why, removes it, and leaves what is at the path alone")
    func failedCommit() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let path = root + "/out.txt"
        let replacement = try FileReplacement(path)
        replacement.write(Array("new".utf8))
        // A folder with a file in it took the name meanwhile: renaming a file over it fails.
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        TestFiles.write("inside", to: path + "/kept.txt")
        let error = try #require(throws: FileError.self) { try replacement.commit() }
        guard case .cannotWrite(let failed, let reason) = error else {
            Issue.record("expected cannotWrite, got \(error)")
            return
        }
        #expect(failed == path && reason.contains("directory"), "\(reason)")
        #expect(TestFiles.names(in: root) == ["out.txt"] && TestFiles.read(path + "/kept.txt") == "inside")
    }

    @Test("The new file keeps the permissions of the one it replaces, beyond what the umask allows a new file",
          arguments: [0o600, 0o640, 0o666, 0o755] as [mode_t])
    func keepsPermissions(mode: mode_t) throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let path = root + "/kept-mode"
        TestFiles.write("old", to: path)
        #expect(chmod(path, mode) == 0)
        let replacement = try FileReplacement(path)
        replacement.write(Array("new".utf8))
        try replacement.commit()
        #expect(TestFiles.mode(of: path)?.mode == mode)
        #expect(TestFiles.read(path) == "new")
    }

    @Test("As root, the new file keeps the replaced one's owner and group", .enabled(if: geteuid() == 0, "only root gives a file away"))
    func keepsOwner() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let path = root + "/owned"
        TestFiles.write("old", to: path)
        #expect(chown(path, 4321, 8765) == 0)
        let replacement = try FileReplacement(path)
        replacement.write(Array("new".utf8))
        try replacement.commit()
        let after = try #require(TestFiles.mode(of: path))
        #expect(after.owner == 4321 && after.group == 8765)
    }

    @Test("A read-only file is refused before anything is written, even for root, with what to do about it")
    func readOnlyRefused() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let path = root + "/locked.txt"
        TestFiles.write("protected", to: path, mode: 0o444)
        #expect(chmod(path, 0o444) == 0)
        let error = try #require(throws: FileError.self) { try FileReplacement(path) }
        #expect(error == .cannotWrite(path: path,
                                      reason: "it is read-only (mode 444); make it writable (chmod u+w) or choose another name"))
        #expect(TestFiles.read(path) == "protected" && TestFiles.names(in: root) == ["locked.txt"])
    }

    @Test("What is not a file, and a file in a folder that does not exist, are refused")
    func refusedTargets() throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("target", to: root + "/target")
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "target")
        #expect(throws: FileError.self) { try FileReplacement(root) }
        #expect(throws: FileError.self) { try FileReplacement(root + "/") }
        let link = try #require(throws: FileError.self) { try FileReplacement(root + "/link") }
        #expect(link.localizedDescription.contains("symbolic link"), "\(link.localizedDescription)")
        #expect(throws: FileError.missingFolder(path: root + "/none/out.txt", folder: root + "/none")) {
            try FileReplacement(root + "/none/out.txt")
        }
        #expect(TestFiles.names(in: root) == ["link", "target"] && TestFiles.read(root + "/target") == "target")
    }
}
