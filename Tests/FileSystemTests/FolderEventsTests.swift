#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import FileSystem
import Foundation
import Synchronization
import Testing

@Suite("What the kernel says of a folder's files")
struct FolderEventsTests {
    /// Far longer than the kernel takes to tell; reached only when an event never comes.
    private static let patience = 30.0

    /// The changes `events` reports until `enough` holds of all of them, waiting with the type's
    /// own `next` for at most `patience` seconds in all.
    private func changes(from events: FolderEvents, until enough: ([FolderEvents.Change]) -> Bool) -> [FolderEvents.Change] {
        let deadline = Date().addingTimeInterval(Self.patience)
        var seen: [FolderEvents.Change] = []
        while !enough(seen) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { break }
            seen += events.next(timeout: left)
        }
        return seen
    }

    @Test("A file written in place is changing, then closed")
    func writtenInPlace() async throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let events = try FolderEvents(folder: root)
        TestFiles.write("scan bytes", to: root + "/scan.png")
        let seen = changes(from: events) { $0.contains(.closed("scan.png")) }
        let changing = try #require(seen.firstIndex(of: .changing("scan.png")), "\(seen)")
        let closed = try #require(seen.firstIndex(of: .closed("scan.png")), "\(seen)")
        #expect(changing < closed)
    }

    @Test("A file renamed into the folder has moved in whole; one renamed out or deleted is gone")
    func movedInAndGone() async throws {
        let (root, outside) = (try TestFiles.folder(), try TestFiles.folder())
        defer { TestFiles.remove(root); TestFiles.remove(outside) }
        TestFiles.write("finished", to: outside + "/ready.png")
        TestFiles.write("doomed", to: root + "/deleted.png")
        TestFiles.write("leaving", to: root + "/leaving.png")
        let events = try FolderEvents(folder: root)
        #expect(rename(outside + "/ready.png", root + "/ready.png") == 0)
        #expect(unlink(root + "/deleted.png") == 0)
        #expect(rename(root + "/leaving.png", outside + "/leaving.png") == 0)
        let seen = changes(from: events) { seen in
            [.movedIn("ready.png"), .gone("deleted.png"), .gone("leaving.png")].allSatisfy(seen.contains)
        }
        let expected: [FolderEvents.Change] = [.movedIn("ready.png"), .gone("deleted.png"), .gone("leaving.png")]
        #expect(seen.filter(expected.contains) == expected, "in the order they happened: \(seen)")
        #expect(seen.filter { [.changing("ready.png"), .closed("ready.png")].contains($0) }.isEmpty, "moved in whole: \(seen)")
    }

    @Test("The folder's own folders are no arrivals")
    func subfoldersIgnored() async throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let events = try FolderEvents(folder: root)
        try FileManager.default.createDirectory(atPath: root + "/done", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: root + "/failed", withIntermediateDirectories: false)
        try FileManager.default.removeItem(atPath: root + "/failed")
        TestFiles.write("after", to: root + "/marker")
        let seen = changes(from: events) { $0.contains(.closed("marker")) }
        #expect(seen.allSatisfy { [.changing("marker"), .closed("marker")].contains($0) }, "\(seen)")
    }

    @Test("A name that is not UTF-8 is reported as its bytes decode, and reaches the file again")
    func namesNotUTF8() async throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let name = PathEncoding.decode(Array("scan".utf8) + [0xC3, 0x28] + Array(".png".utf8))
        let events = try FolderEvents(folder: root)
        TestFiles.write("odd", to: root + "/" + name)
        let seen = changes(from: events) { $0.contains(.closed(name)) }
        #expect(seen.contains(.closed(name)), "\(seen)")
        #expect(TestFiles.read(root + "/" + name) == "odd")
    }

    @Test("The folder deleted, or moved away, is the folder gone", arguments: [false, true])
    func folderGone(movedAway: Bool) async throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root); TestFiles.remove(root + "-moved") }
        let watched = root + "/hot"
        try FileManager.default.createDirectory(atPath: watched, withIntermediateDirectories: false)
        let events = try FolderEvents(folder: watched)
        if movedAway {
            #expect(rename(watched, root + "-moved") == 0)
        } else {
            #expect(rmdir(watched) == 0)
        }
        let seen = changes(from: events) { $0.contains(.folderGone) }
        #expect(seen.contains(.folderGone), "\(seen)")
    }

    @Test("More changes than the kernel keeps is an overflow: the folder must be looked at again")
    func overflow() async throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let events = try FolderEvents(folder: root)
        let queued = Int((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16_384
        // A byte written to each of two files in turn queues an event per write (the kernel merges
        // only an event that repeats the last one), none read meanwhile.
        let files = ["a", "b"].map { open(root + "/" + $0, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) }
        defer { files.forEach { close($0) } }
        var byte: UInt8 = 0
        for index in 0..<(queued + 10) { _ = write(files[index % 2], &byte, 1) }
        let seen = changes(from: events) { $0.contains(.overflow) }
        #expect(seen.contains(.overflow))
    }

    @Test("Waiting ends at the timeout with nothing when nothing changed")
    func timeout() async throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let events = try FolderEvents(folder: root)
        #expect(events.next(timeout: 0).isEmpty)
        #expect(events.next(timeout: 0.001).isEmpty)
    }

    @Test("A wait with no timeout ends when woken from another thread; the changes after it still come")
    func wake() async throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let events = try FolderEvents(folder: root)
        let woken = DispatchSemaphore(value: 0)
        let result = Returned()
        Thread {
            let changes = events.next(timeout: nil)
            result.changes.withLock { $0 = changes }
            woken.signal()
        }.start()
        events.wake()
        try #require(await woken.signalled(within: Self.patience), "the waiting next never returned")
        #expect(result.changes.withLock { $0 } == [])
        TestFiles.write("x", to: root + "/after.png")
        #expect(changes(from: events) { $0.contains(.closed("after.png")) }.contains(.closed("after.png")))
    }

    @Test("A folder that is not there, or not a folder, cannot be watched")
    func refused() async throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        TestFiles.write("file", to: root + "/file")
        for path in [root + "/missing", root + "/file"] {
            let error = try #require(throws: FileError.self) { try FolderEvents(folder: path) }
            guard case .unreadable(let refused, let reason) = error else {
                Issue.record("expected unreadable, got \(error)")
                continue
            }
            #expect(refused == path && reason.hasPrefix("cannot watch it: "), "\(reason)")
        }
    }

    @Test("Whether a file is still open for writing somewhere, as the kernel tells its owner")
    func openForWriting() async throws {
        let root = try TestFiles.folder()
        defer { TestFiles.remove(root) }
        let path = root + "/upload.png"
        TestFiles.write("partial", to: path)
        let reader = open(path, O_RDONLY | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        let writer = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        try #require(writer >= 0)
        #expect(FolderEvents.isOpenForWriting(descriptor: reader) == true)
        close(writer)
        #expect(FolderEvents.isOpenForWriting(descriptor: reader) == false)
    }
}

/// What a `next` on another thread returned.
private final class Returned: Sendable {
    let changes = Mutex<[FolderEvents.Change]?>(nil)
}
