import Foundation

/// A process run to its end, with what the kernel measured of it: its peak resident memory and
/// its wall time (reported, never asserted: timing limits belong in benchmarks).
public struct MeasuredResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
    /// The largest resident set the process had, in bytes.
    public var peakBytes: Int
    public var seconds: Double

    public var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
    public var peakMegabytes: Int { peakBytes >> 20 }
}

extension Command {
    /// Runs the built `filterocr` with `arguments`, standard input empty, and measures it.
    /// Its output goes through files, so that nothing blocks on a full pipe while it runs.
    ///
    /// The command is started by `scripts/peak_memory.py`, a small go-between: a child started
    /// straight from this test runner would carry the runner's own peak memory in its figure.
    /// The go-between also limits the command's CPU time, so that a runaway ends (by SIGXCPU,
    /// status 152) instead of holding the suite.
    ///
    /// - Parameter environment: variables added to (or, with nil, removed from) this process's
    ///   environment; by default no result store, so that what is measured is the reading.
    public static func measuredFilterocr(_ arguments: [String],
                                         environment changes: [String: String?] = ["FILTEROCR_STORE": "none"],
                                         cpuLimitSeconds: Int = 120) async throws -> MeasuredResult {
        let slots = ChildProcessSlots.shared
        let holder = slots.holder(keptRunning: false)
        await slots.acquire(for: holder)
        defer { slots.release(for: holder) }
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (outPath, errPath) = (folder + "/stdout", folder + "/stderr")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // One engine thread, as filterocr would re-execute itself to get: the measure is of one process.
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        for (name, value) in changes { environment[name] = value }
        let resultPath = folder + "/measured"
        let argv = (["/usr/bin/python3", Paths.packageRoot + "/scripts/peak_memory.py", resultPath,
                     String(cpuLimitSeconds), Paths.filterocr] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let started = Date()
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/usr/bin/python3", &actions, nil, argv, envp)
        guard spawned == 0 else { throw TestDocuments.ToolFailure(description: "cannot start filterocr: \(String(cString: strerror(spawned)))") }
        let child = pid
        let status = await OwnThread.wait {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            return status
        }
        let seconds = Date().timeIntervalSince(started)
        // "STATUS PEAK_KILOBYTES", the status as a shell reports it (128 + a signal's number).
        let measured = ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "")
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard measured.count == 2 else {
            throw TestDocuments.ToolFailure(description: "the go-between measured nothing (status \(status))")
        }
        return MeasuredResult(status: Int32(measured[0]),
                              standardOutput: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data(),
                                                     as: UTF8.self),
                              standardError: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data(),
                                                    as: UTF8.self),
                              peakBytes: measured[1] * 1024, seconds: seconds)
    }
}
