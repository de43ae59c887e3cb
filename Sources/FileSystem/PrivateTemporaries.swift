import Foundation
import Threading

/// Files and folders a run keeps in the temporary folder (`$TMPDIR`) while it works, named
/// `filterocr-KIND-PID-RANDOM` (a file may add an extension). A run removes its own when it
/// ends; one killed before it could (SIGKILL, a power cut) leaves them, and the next run that
/// makes one of the same kind removes those whose process is dead.
public struct PrivateTemporaries: Sendable {
    /// `filterocr-KIND-`.
    public let prefix: String

    public init(kind: String) {
        prefix = "filterocr-\(kind)-"
    }

    /// A server's uploads, a searchable PDF's parts while they are assembled.
    public static let uploads = PrivateTemporaries(kind: "serve")
    public static let pdfParts = PrivateTemporaries(kind: "pdf")
    /// A shard's store and its write-ahead log, copied to be read without writing beside them.
    public static let storeCopies = PrivateTemporaries(kind: "store")

    /// The name of a new one of this process.
    public func name(pid: Int32 = getpid(), random: String = Self.randomHex()) -> String {
        "\(prefix)\(pid)-\(random)"
    }

    /// The process that made `name`, or nil when the name is not one of this kind.
    public func owner(of name: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        let stem = name.dropFirst(prefix.count).prefix { $0 != "." }
        let parts = stem.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isHexDigit),
              parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), let pid = Int32(parts[0]), pid > 0 else { return nil }
        return pid
    }

    /// Removes the ones of this kind in `directory` whose process is dead; never one of a live
    /// process, nor anything but a folder or a plain file of this user. Returns their names.
    @discardableResult
    public func removeStale(in directory: String = Self.directory,
                            isAlive: (Int32) -> Bool = StaleTemporaries.isAlive) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var removed: [String] = []
        for name in names.sorted() {
            guard let pid = owner(of: name), pid != getpid(), !isAlive(pid) else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == getuid(),
                  info.st_mode & S_IFMT == S_IFDIR || info.st_mode & S_IFMT == S_IFREG else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(name) }
        }
        return removed
    }

    /// Makes a new folder of this kind, readable by this user only, after removing those dead
    /// runs left (the first time this process makes one).
    public func makeFolder() throws(FileError) -> String {
        cleanOnce()
        let path = Self.directory + "/" + name()
        guard mkdir(path, 0o700) == 0 else { throw .cannotWrite(path: path, reason: DescriptorWrite.reason(errno)) }
        return path
    }

    /// A path for a new file of this kind (not made), after removing those dead runs left.
    public func newFilePath() -> String {
        cleanOnce()
        return Self.directory + "/" + name()
    }

    private func cleanOnce() {
        // One listing for each kind, however many the process makes.
        LeftoverCleanup.process.once("temporaries " + prefix) { removeStale() }
    }

    /// The temporary folder, without a trailing slash.
    public static var directory: String {
        let path = FileManager.default.temporaryDirectory.path
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    public static func randomHex() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }
}
