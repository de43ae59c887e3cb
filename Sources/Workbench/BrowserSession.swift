import Dispatch
import Foundation
import REPL
import RegexBuilder
import Synchronization
import Threading

/// One browser tab's session: a REPL driver of its own (state, render cache, session words)
/// and a folder for the images uploaded into it, which keeps only the latest upload the
/// session opened: an image is decoded when it is opened, and a document's other pages are
/// read from that file when the session moves to them.
///
/// A command blocks for as long as a recognition takes, so it runs on a thread of its own,
/// never on the server's: the event streams and other tabs answer meanwhile. The lock keeps
/// one command at a time per tab, in the order they came.
final class BrowserSession: Sendable {
    let id: String
    /// Where this session's uploads are written; removed with the session.
    let uploads: URL
    private let driver: Locked<ReplDriver>
    private let uploadCount = Atomic<Int>(0)
    /// The server's count of upload bytes, which this session's files are part of.
    private let ledger: UploadLedger
    /// The upload the session opened last, kept until the next one replaces it.
    private let keptUpload = Locked<(path: String, bytes: Int)?>(nil)

    init(id: String, driver: consuming sending ReplDriver, uploads: URL, ledger: UploadLedger) {
        self.id = id
        self.driver = Locked(driver)
        self.uploads = uploads
        self.ledger = ledger
    }

    deinit {
        try? FileManager.default.removeItem(at: uploads)
        ledger.releaseAll(for: id)
    }

    /// Runs `work` with the driver on a thread of its own.
    func run<Result: Sendable>(_ work: @escaping @Sendable (ReplDriver) -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.driver.withLock { work($0) })
            }
        }
    }

    /// The outputs as the browser shows them: a refusal names an upload by the name it was
    /// sent with, not by the server's folder (reports already do, through `displayName`).
    func shown(_ outputs: [ReplOutput]) -> [ReplOutput] {
        outputs.map { output in
            guard case .refusal(let message) = output.content, message.contains(uploads.path + "/") else { return output }
            let folder = uploads.path + "/"
            var output = output
            output.content = .refusal(message.replacing(Regex { folder; OneOrMore(.digit); "/" }, with: ""))
            return output
        }
    }

    /// Counts `bytes` of a new upload against the server's budget.
    func reserveUpload(_ bytes: Int) -> UploadBudget.Decision {
        ledger.reserve(bytes, for: id)
    }

    /// An upload the session opened: the one before it goes.
    func keepUpload(_ path: String, bytes: Int) {
        let previous = keptUpload.withLock { kept in
            defer { kept = (path, bytes) }
            return kept
        }
        if let previous { discardUpload(previous.path, bytes: previous.bytes) }
    }

    /// Removes an upload (refused, or replaced) and gives its bytes back.
    func discardUpload(_ path: String, bytes: Int) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
        ledger.release(bytes, for: id)
    }

    /// A new path in the uploads folder for a file the user named `name`: its base name,
    /// cleaned, in a folder of its own so that names never collide.
    func uploadPath(named name: String) throws -> String {
        let number = uploadCount.add(1, ordering: .relaxed).newValue
        let folder = uploads.appendingPathComponent(String(number), isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(UploadName.cleaned(name)).path
    }
}

/// The file name an upload is kept under: the last component of what the browser sent,
/// without control characters or separators, short enough for any file system.
package enum UploadName {
    package static let fallback = "upload"

    package static func cleaned(_ name: String) -> String {
        let base = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = base.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) && $0 != ":" }
        var cleaned = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
        while cleaned.hasPrefix(".") { cleaned.removeFirst() }
        while cleaned.utf8.count > 120 { cleaned.removeFirst() }
        return cleaned.isEmpty ? fallback : cleaned
    }
}
