import Foundation

/// Keeps each Tesseract engine single-threaded.
///
/// Debian's Tesseract is built with OpenMP, whose runtime spreads one recognition over all
/// cores and makes it several times slower on small machines. The runtime reads
/// `OMP_THREAD_LIMIT` only while the process loads, before `main` runs, so the variable is set
/// and the process restarts itself once; filterocr gets its parallelism from several engines
/// instead. A value the user set is respected.
enum OpenMPThreadLimit {
    static let variable = "OMP_THREAD_LIMIT"

    static func applyByRestarting() {
        guard getenv(variable) == nil else { return }
        setenv(variable, "1", 1)
        // Only returns if the restart failed; filterocr then runs, slower, as it is.
        execv("/proc/self/exe", CommandLine.unsafeArgv)
    }
}
