import Foundation
import REPL
import Threading

/// Every browser tab's session, by a random id that only that tab knows: at most a fixed
/// number, the longest idle dropped to make room and any idle too long dropped.
package final class BrowserSessions: Sendable {
    private let table: Locked<SessionTable<BrowserSession>>
    private let folder: URL
    let ledger: UploadLedger

    /// - Parameters:
    ///   - folder: where the sessions' uploads go, one subfolder each.
    ///   - ledger: the server's budget for what they upload.
    init(capacity: Int, idleLimit: Duration, folder: URL, ledger: UploadLedger) {
        table = Locked(SessionTable(capacity: capacity, idleLimit: idleLimit))
        self.folder = folder
        self.ledger = ledger
    }

    var count: Int { table.withLock { $0.count } }

    /// A new session around the driver `make` returns.
    func create(_ make: () -> sending ReplDriver) -> BrowserSession {
        let id = Self.newID()
        let session = BrowserSession(id: id, driver: make(), uploads: folder.appendingPathComponent(id, isDirectory: true),
                                     ledger: ledger)
        let dropped = table.withLock { $0.insert(session, id: id, now: .now) }
        // The dropped sessions are released here, outside the lock (their folders go with them).
        _ = dropped
        return session
    }

    /// The session with `id`, if it is still kept.
    func session(_ id: String) -> BrowserSession? {
        let (session, dropped) = table.withLock { $0.use(id, now: .now) }
        _ = dropped
        return session
    }

    func remove(_ id: String) -> Bool {
        table.withLock { $0.remove(id) } != nil
    }

    /// 128 random bits in hex: a session id is a capability, so it cannot be guessed.
    package static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }
}

extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
