#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path, as `lstat` sees it: a symbolic link is itself, not what it points to.
public enum FileKind: Sendable, Equatable {
    case missing
    case regular(size: Int)
    case directory
    case symbolicLink
    case characterDevice
    case blockDevice
    case fifo
    case socket
    case other

    /// The kind of the file at `path`, without following a final symbolic link.
    public init(at path: String) {
        var info = stat()
        guard PathEncoding.withFileSystemPath(path, { lstat($0, &info) }) == 0 else {
            self = .missing
            return
        }
        self.init(mode: info.st_mode, size: Int(info.st_size))
    }

    /// The kind of an open file descriptor, such as standard input.
    public init(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            self = .missing
            return
        }
        self.init(mode: info.st_mode, size: Int(info.st_size))
    }

    public init(mode: mode_t, size: Int = 0) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular(size: size)
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    public var isRegular: Bool {
        if case .regular = self { return true }
        return false
    }

    /// `a directory`, `a character device`: what a message says the path is.
    public var description: String {
        switch self {
        case .missing: "missing"
        case .regular: "a file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .other: "a special file"
        }
    }
}
