import FileSystem
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks made on a store's path before SQLite opens it, since SQLite would otherwise
/// follow a link, write a file its mode says is read-only (root ignores the mode), or replay
/// another database's log into it.
enum StoreFile {
    /// Makes the store's folder if needed and checks the path; returns what was done that the
    /// user should hear of (a stray log moved aside), if anything.
    /// - Throws: `StoreError.unusable` with a reason the user can act on.
    static func prepare(_ path: String) throws(StoreError) -> String? {
        let shown = PathEncoding.displayed(path)
        switch FileKind(at: path) {
        case .missing:
            do {
                try Folders.create(AtomicFile.folder(of: path))
            } catch {
                throw .unusable(path: shown, reason: error.errorDescription ?? "its folder cannot be made")
            }
        case .regular:
            if let reason = readOnlyReason(path) { throw .unusable(path: shown, reason: reason) }
        case .symbolicLink:
            throw .unusable(path: shown, reason: "it is a symbolic link, which is not followed; give the file itself with --store PATH")
        case let kind:
            throw .unusable(path: shown, reason: "it is \(kind.description), not a file")
        }
        for suffix in ["-wal", "-shm"] {
            let kind = FileKind(at: path + suffix)
            if kind != .missing && !kind.isRegular {
                throw .unusable(path: shown, reason: "\(PathEncoding.displayed(path + suffix)) is \(kind.description), not a file")
            }
        }
        return try setStrayLogAside(path)
    }

    /// Moves a write-ahead log that is not the store's out of SQLite's way, emptying the index
    /// SQLite keeps of it; returns a line saying so, or nil when the log (if any) is the store's.
    ///
    /// Only a log no process is using can be stray: one in use is that process's, and read while
    /// it writes it and the store, it can look like another's (two shards starting on one new
    /// store). The check holds the lock by which SQLite's first user of a store knows it is
    /// first, so no user comes or is there while the log and the store are read.
    private static func setStrayLogAside(_ path: String) throws(StoreError) -> String? {
        guard FileKind(at: path + "-wal") != .missing,
              let alone = ByteLock(path: path + "-shm", offset: sqliteFirstUserByte, mode: fileMode(of: path)),
              let log = WriteAheadLog(path: path + "-wal") else { return nil }
        let header = (try? BoundedRead.prefix(of: path, count: 100)) ?? []
        guard !log.belongs(toDatabaseWithHeader: header) else { return nil }
        let aside = asideName(path + "-wal", as: "stray")
        guard move(path + "-wal", to: aside) else {
            throw .unusable(path: PathEncoding.displayed(path),
                            reason: "its write-ahead log \(PathEncoding.displayed(path + "-wal")) belongs to another database "
                                + "and cannot be moved aside")
        }
        // What SQLite's first user does with the index; the file stays for those waiting on it.
        alone.truncate()
        return "result store \(PathEncoding.displayed(path)): the write-ahead log beside it belongs to another database; "
            + "not replayed, moved aside as \(PathEncoding.displayed(aside))"
    }

    /// Why the store at `path` cannot be written, said with what to do; nil when it can be. A
    /// file system mounted read-only is said as such: no mode would make it writable.
    static func readOnlyReason(_ path: String) -> String? {
        var volume = statvfs()
        if PathEncoding.withFileSystemPath(path, { statvfs($0, &volume) }) == 0, volume.f_flag & UInt(ST_RDONLY) != 0 {
            return "it is on a read-only file system and is not written; give another with --store PATH, or --no-store"
        }
        guard !isWritable(path) else { return nil }
        return "it is read-only (mode \(mode(of: path))) and is not written; "
            + "make it writable (chmod u+w) or give another with --store PATH"
    }

    /// Why the store at `path`, of the older `schema`, is not shown when it cannot be written:
    /// a store is brought up to date before it is read.
    static func olderSchemaReason(_ path: String, schema: Int) -> String {
        var volume = statvfs()
        let readOnlyVolume = PathEncoding.withFileSystemPath(path, { statvfs($0, &volume) }) == 0
            && volume.f_flag & UInt(ST_RDONLY) != 0
        return (readOnlyVolume ? "it is on a read-only file system" : "it is read-only (mode \(mode(of: path)))")
            + " and of an older filterocr's schema (\(schema); this one's is \(StoreSchema.version)), which is upgraded "
            + "when the store can be written, before it is read: "
            + (readOnlyVolume ? "copy it somewhere writable and show that copy with --store PATH"
                              : "make it writable (chmod u+w) and show it again, which upgrades it")
    }

    /// Whether the store may be written: some write permission bit is set (checked here,
    /// since root is given write access whatever the bits say) and this user may write it.
    static func isWritable(_ path: String) -> Bool {
        var info = stat()
        guard PathEncoding.withFileSystemPath(path, { stat($0, &info) }) == 0 else { return false }
        return info.st_mode & 0o222 != 0 && PathEncoding.withFileSystemPath(path, { access($0, W_OK) }) == 0
    }

    /// The byte of the `-shm` file each process using a store holds a read lock on, and the
    /// first to open it a write lock while it rebuilds the index (SQLite's unix VFS, "DMS").
    private static let sqliteFirstUserByte = 128

    /// The mode bits of the file at `path` (permissions, set-id and sticky); nil when it has none.
    private static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard PathEncoding.withFileSystemPath(path, { stat($0, &info) }) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// The read and write permissions of the file at `path`, for a file made beside it; 0644
    /// when it has none.
    private static func fileMode(of path: String) -> mode_t {
        permissions(of: path).map { $0 & 0o666 } ?? 0o644
    }

    private static func mode(of path: String) -> String {
        permissions(of: path).map { "0" + String($0, radix: 8) } ?? "unknown"
    }

    /// `path` with `.kind-` and the time, the name a file is set aside under.
    static func asideName(_ path: String, as kind: String) -> String {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        var aside = "\(path).\(kind)-\(stamp)"
        var number = 1
        while FileKind(at: aside) != .missing {
            number += 1
            aside = "\(path).\(kind)-\(stamp)-\(number)"
        }
        return aside
    }

    /// Renames `path`; false when it could not be.
    @discardableResult
    static func move(_ path: String, to newPath: String) -> Bool {
        PathEncoding.withFileSystemPath(path) { from in PathEncoding.withFileSystemPath(newPath) { to in rename(from, to) } } == 0
    }
}
