import Foundation
import TestSupport
import Testing

/// `filterocr watch` judges a file by what it saw of it, by its own clock: a file's
/// modification time may be anything (a camera's clock, a share's skew, `cp -p` or `unzip`
/// keeping an archive's times).
@Suite("A hot folder whose files' times are not the clock's")
struct WatchClockTests {
    private static let smallPage = Paths.images + "/app_screenshot.png"

    /// Sets the modification time of `path` to a day ahead of the clock.
    private func dayAhead(_ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(86_400)], ofItemAtPath: path)
    }

    @Test("Files whose time is a day ahead are dealt with a few settle times after they stop changing")
    func futureTimes() async throws {
        let folders = try WatchFolders()
        let good = folders.inbox + "/good_future.png"
        try FileManager.default.copyItem(atPath: Self.smallPage, toPath: good)
        try dayAhead(good)
        let watcher = try await folders.watch(["-j", "1", "--settle", "0.5"])
        // A file cut short arriving while watched, with that time too: held, then given up on
        // once left alone for 10 × 0.5 s.
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.smallPage))
        let cut = folders.inbox + "/cut_future.png"
        try whole.prefix(1500).write(to: URL(fileURLWithPath: cut))
        try dayAhead(cut)
        let lines = await watcher.waitForLines(2, timeout: 120)
        await watcher.stop()
        #expect(lines.contains { $0.hasPrefix("good_future.png: 1 page → ") }, "read: \(lines) \(watcher.errorLines)")
        #expect(lines.contains { $0.hasPrefix("cut_future.png: failed: ") }, "failed: \(lines) \(watcher.errorLines)")
        #expect(folders.names(folders.inbox + "/failed") == ["cut_future.png", "cut_future.png.why"])
        #expect(folders.names(folders.outbox) == ["good_future.pdf"])
        // Held first, for a while counted by the watcher's clock; no time of day derived from the file's.
        let held = watcher.errorLines.filter { $0.hasPrefix("cut_future.png: not read (") }
        #expect(!held.isEmpty && held.allSatisfy { $0.contains("held in the inbox") && $0.contains("s more") },
                "\(watcher.errorLines)")
        #expect(!held.contains { $0.contains(/\d\d:\d\d:\d\d/) }, "no clock time: \(held)")
    }

    @Test("A file already in the inbox is taken once it is seen unchanged a settle time later, whatever its time")
    func pastTimes() async throws {
        let folders = try WatchFolders()
        let old = folders.inbox + "/old.png"
        try FileManager.default.copyItem(atPath: Self.smallPage, toPath: old)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: old)
        let watcher = try await folders.watch(["-j", "1", "--settle", "0.5"])
        let lines = await watcher.waitForLines(1, timeout: 120)
        await watcher.stop()
        #expect(lines.count == 1 && lines[0].hasPrefix("old.png: 1 page → "), "\(lines) \(watcher.errorLines)")
    }
}
