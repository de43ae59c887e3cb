#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Threading

/// Temporary files that filterocr left when it was killed mid-write: `.NAME.PID.RANDOM.tmp`
/// (a library's extension may follow, `.tmp.pdf`), named after a process that no longer
/// exists. The next writer in the same folder removes them.
public enum StaleTemporaries {
    /// Removes the stale temporaries in `folder`, the first time this process writes there.
    public static func removeOnce(in folder: String) {
        LeftoverCleanup.process.once("folder " + folder) { remove(in: folder) }
    }

    /// Removes the stale temporaries in `folder`.
    public static func remove(in folder: String) {
        guard let directory = PathEncoding.withFileSystemPath(folder, { opendir($0) }) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PathEncoding.decode(raw.prefix { $0 != 0 })
            }
            guard let owner = owner(ofTemporary: name), owner != getpid() else { continue }
            if !isAlive(owner) {
                _ = PathEncoding.withFileSystemPath(folder + "/" + name) { unlink($0) }
            }
        }
    }

    /// Whether process `pid` exists: only ESRCH says it does not (EPERM is someone else's,
    /// alive). What every cleaner of a dead run's leftovers asks.
    public static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// The process that named `name`, if it is one of our temporary names.
    static func owner(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix(".") else { return nil }
        var parts = name.split(separator: ".", omittingEmptySubsequences: false)
        // A library's extension after `.tmp`: short letters only.
        if let last = parts.last, last != "tmp", parts.count > 4, parts[parts.count - 2] == "tmp",
           (1...4).contains(last.count), last.allSatisfy({ $0.isASCII && $0.isLetter }) {
            parts.removeLast()
        }
        guard parts.count >= 5, parts.last == "tmp",
              let random = parts[parts.count - 2].nonEmptyDigits, UInt32(random) != nil,
              let pid = parts[parts.count - 3].nonEmptyDigits, let owner = pid_t(pid), owner > 0 else { return nil }
        return owner
    }
}

private extension Substring {
    /// Itself, if it is one or more ASCII digits.
    var nonEmptyDigits: Substring? {
        !isEmpty && allSatisfy({ $0.isASCII && $0.isNumber }) ? self : nil
    }
}
