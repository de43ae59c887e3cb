import Foundation

/// The file descriptors the server may hold: every connection takes one, and so do the
/// feed, uploads being written and the engines' files.
enum FileDescriptorLimit {
    /// Descriptors kept aside for everything but connections.
    static let reserve = 128

    /// Raises the soft limit as far as the hard limit allows (a process may, and 1024, a
    /// common default, is less than the connections a server should take), then answers how
    /// many connections fit beside the reserve: `wanted`, or fewer.
    static func connections(wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return wanted }
        let needed = rlim_t(wanted + reserve)
        if limit.rlim_cur < needed {
            var raised = limit
            raised.rlim_cur = min(needed, limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let available = Int(clamping: limit.rlim_cur) - reserve
        return max(16, min(wanted, available))
    }
}
