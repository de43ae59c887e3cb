import Foundation
import Threading

/// Keeps the C libraries' own diagnostics off the user's terminal.
///
/// libpng, libjpeg and libtiff print to file descriptor 2 when they meet a damaged file
/// ("libpng error: read error"), and their callbacks cannot be replaced from Swift (libpng's
/// must `longjmp`). While any thread decodes or recognises, descriptor 2 points at
/// /dev/null; filterocr's own messages go to a duplicate of the real standard error, so they
/// are never lost, and usage errors printed outside these regions are untouched.
public enum LibraryDiagnostics {
    /// The real standard error, duplicated before any redirection.
    public static let standardError = FileHandle(fileDescriptor: dup(STDERR_FILENO), closeOnDealloc: false)

    private static let nullDevice = open("/dev/null", O_WRONLY)
    private static let activeRegions = Locked(0)

    /// Runs `body` with descriptor 2 silenced.
    public static func silenced<Result>(_ body: () throws -> Result) rethrows -> Result {
        _ = standardError
        activeRegions.withLock { count in
            if count == 0, nullDevice >= 0 { dup2(nullDevice, STDERR_FILENO) }
            count += 1
        }
        defer {
            activeRegions.withLock { count in
                count -= 1
                if count == 0 { dup2(standardError.fileDescriptor, STDERR_FILENO) }
            }
        }
        return try body()
    }
}
