import Foundation
import NIOCore

/// Why the server could not listen where it was told, said as what to do about it rather
/// than as the socket call that failed.
struct ListenError: LocalizedError {
    let message: String

    /// The error for a failed bind, or nil for another failure.
    init?(error: IOError, host: String, port: Int) {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        switch error.errnoCode {
        case EADDRINUSE:
            message = "cannot listen on \(address): the port is in use (another filterocr serve?); "
                + "choose another with --port, or --port 0 for any free one"
        case EACCES:
            message = "cannot listen on \(address): ports below 1024 need privileges; choose a port above with --port"
        case EADDRNOTAVAIL:
            message = "cannot listen on \(address): no interface of this machine has that address; check --host"
        default:
            return nil
        }
    }

    var errorDescription: String? { message }
}
