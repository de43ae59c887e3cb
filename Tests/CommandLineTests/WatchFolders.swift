import Foundation
import TestSupport
import Testing

/// An inbox for `filterocr watch` in a folder of its own, and the watcher on it.
struct WatchFolders {
    let root: String
    var inbox: String { root + "/in" }
    var outbox: String { root + "/out" }
    var store: String { root + "/store.sqlite" }

    init() throws {
        root = try Paths.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/in", withIntermediateDirectories: true)
    }

    func watch(_ extra: [String] = []) async throws -> BackgroundProcess {
        let watcher = try await BackgroundProcess(Paths.filterocr, ["watch", inbox, "--to", outbox, "--store", store] + extra)
        // Ready once it says what it watches: files dropped from then on are seen.
        #expect(await watcher.waitForError(containing: "watching", timeout: 60))
        return watcher
    }

    func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}
