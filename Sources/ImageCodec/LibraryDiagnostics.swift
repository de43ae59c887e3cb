import Foundation
import Threading

/// Keeps the C libraries' own diagnostics off the user's terminal.
///
/// libpng, libjpeg and libtiff print to file descriptor 2 when they meet a damaged file
/// ("libpng error: read error"), and their callbacks cannot be replaced from Swift (libpng's
/// must `longjmp`). While a run decodes or recognises, descriptor 2 points at /dev/null;
/// filterocr's own messages go to a duplicate of the real standard error, so they are never
/// lost, and usage errors printed outside these regions are untouched.
///
/// A run's silencing is part of its `Runtime`: the regions it counts are its own. Descriptor 2
/// belongs to the process, so two runtimes silencing at once (tests side by side) may let a
/// library's message through; it always points back at the real standard error when the last
/// region of a runtime ends, never at /dev/null for good.
public final class LibraryDiagnostics: Sendable {
    /// The real standard error, duplicated before any redirection (filterocr's messages go here).
    public static let standardError = FileHandle(fileDescriptor: dup(STDERR_FILENO), closeOnDealloc: false)

    private static let nullDevice = open("/dev/null", O_WRONLY)
    private let activeRegions = Locked(0)

    public init() {
        _ = Self.standardError
    }

    /// Runs `body` with descriptor 2 silenced.
    public func silenced<Result>(_ body: () throws -> Result) rethrows -> Result {
        activeRegions.withLock { count in
            if count == 0, Self.nullDevice >= 0 { dup2(Self.nullDevice, STDERR_FILENO) }
            count += 1
        }
        defer {
            activeRegions.withLock { count in
                count -= 1
                if count == 0 { dup2(Self.standardError.fileDescriptor, STDERR_FILENO) }
            }
        }
        return try body()
    }
}
