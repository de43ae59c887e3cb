import FileSystem
import Foundation

/// The upload folders a server keeps in the temporary directory, named
/// `filterocr-serve-PID-RANDOM`, and the removal of those left by a server that was killed
/// before it could remove its own.
package enum StaleUploadFolders {
    package static let prefix = "filterocr-serve-"

    /// The name of a new server's folder.
    package static func name(pid: Int32, random: String) -> String {
        "\(prefix)\(pid)-\(random)"
    }

    /// The process that made the folder `name`, or nil when the name is not one of ours.
    package static func owner(ofFolderNamed name: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isHexDigit),
              parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), let pid = Int32(parts[0]), pid > 0 else { return nil }
        return pid
    }

    /// Removes the folders of ours in `directory` whose owner process is dead; never one of a
    /// live process, nor anything but a directory owned by this user. Returns their names.
    @discardableResult
    package static func removeStale(in directory: URL, isAlive: (Int32) -> Bool = StaleTemporaries.isAlive) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed: [String] = []
        for name in names.sorted() {
            guard let pid = owner(ofFolderNamed: name), pid != getpid(), !isAlive(pid) else { continue }
            let path = directory.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(name) }
        }
        return removed
    }
}
