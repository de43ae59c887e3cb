import Foundation

/// A file system of a test's own that is full: a 64 KB tmpfs, mounted in a mount namespace
/// that only the test's shell sees (`unshare`, as root or through a user namespace), holding
/// the files the test puts there and a filler that takes the rest of its space.
public enum FullDisk {
    /// What a command did on the full disk.
    public struct Outcome: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
        /// The files on the disk afterwards (the filler left out), by name, with their bytes.
        public var files: [String: Data]
        /// Their permission bits, by name.
        public var modes: [String: Int]
    }

    /// Puts `files` on a new 64 KB tmpfs at `disk`, fills the rest of it, then runs
    /// `arguments` there (the working folder is the disk) with `input` on standard input.
    public static func run(_ arguments: [String], files: [String: Data], modes: [String: Int] = [:],
                           input: String = "") async throws -> Outcome {
        let work = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let (disk, seed, results) = (work + "/disk", work + "/seed", work + "/results")
        for folder in [disk, seed, results] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        for (name, bytes) in files { try bytes.write(to: URL(fileURLWithPath: seed + "/" + name)) }
        try Data(input.utf8).write(to: URL(fileURLWithPath: results + "/input"))
        let chmods = modes.map { "chmod \(String($0.value, radix: 8)) \(quoted($0.key))" }.joined(separator: "\n")
        // The outputs go outside the full disk, and the disk is listed before the namespace,
        // and its mount with it, goes away.
        let script = """
            set -u
            mount -t tmpfs -o size=64k tmpfs "$DISK" || exit 97
            cp -a "$SEED"/. "$DISK"/ || exit 98
            cd "$DISK"
            \(chmods)
            dd if=/dev/zero of=.filler bs=1024 2>/dev/null
            "$@" < "$RESULTS/input" > "$RESULTS/stdout" 2> "$RESULTS/stderr"
            echo $? > "$RESULTS/status"
            rm -f .filler
            for name in .[!.]* *; do
                [ -e "$name" ] || continue
                stat -c '%a' "$name" > "$RESULTS/mode-$name"
                cp "$name" "$RESULTS/file-$name" 2>/dev/null || : > "$RESULTS/file-$name"
            done
            """
        let shell = try await Command.run("/usr/bin/unshare", ["--user", "--map-root-user", "--mount", "/bin/bash", "-c", script, "disk"] + arguments,
                                    environment: ["DISK": disk, "SEED": seed, "RESULTS": results])
        guard shell.status == 0, let status = Int32((try? String(contentsOfFile: results + "/status", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") else {
            throw FullDiskError(message: "could not make a full tmpfs with unshare (status \(shell.status)): \(shell.standardError)")
        }
        var outcome = Outcome(status: status,
                              standardOutput: try String(contentsOfFile: results + "/stdout", encoding: .utf8),
                              standardError: try String(contentsOfFile: results + "/stderr", encoding: .utf8),
                              files: [:], modes: [:])
        for name in try FileManager.default.contentsOfDirectory(atPath: results) {
            if name.hasPrefix("file-") {
                outcome.files[String(name.dropFirst(5))] = try Data(contentsOf: URL(fileURLWithPath: results + "/" + name))
            } else if name.hasPrefix("mode-") {
                let text = try String(contentsOfFile: results + "/" + name, encoding: .utf8)
                outcome.modes[String(name.dropFirst(5))] = Int(text.trimmingCharacters(in: .whitespacesAndNewlines), radix: 8)
            }
        }
        return outcome
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

public struct FullDiskError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
