import FileSystem
import Foundation

/// What SQLite would replay from a database's write-ahead log (`-wal`), read the way SQLite
/// reads it (https://sqlite.org/fileformat2.html#walformat): the frames whose salts match the
/// header and whose running checksum holds, up to the last commit.
///
/// SQLite replays any valid log found beside a database, whichever database wrote it: a log
/// left by another file replaces pages of the store with that file's (entries vanish). A log
/// does not name its database, but page 1, which every transaction that grows the file or
/// changes the schema writes, carries the store's identity (`PRAGMA user_version`, a random
/// number given to each store), and a log that never writes page 1 leaves the size of the
/// database unchanged.
struct WriteAheadLog {
    let pageSize: Int
    /// Page 1 as the last commit leaves it, when a committed frame holds it.
    let firstPage: [UInt8]?
    /// The size of the database in pages after the last commit; nil when nothing is committed.
    let committedPages: Int?

    /// The log at `path`; nil when it is missing, empty, or has no valid header (SQLite then
    /// ignores it).
    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 32).map(Array.init), header.count == 32 else { return nil }
        let magic = Self.word(header, 0, bigEndian: true)
        guard magic == 0x377F_0682 || magic == 0x377F_0683 else { return nil }
        let bigEndian = magic & 1 == 1
        let size = Int(Self.word(header, 8, bigEndian: true))
        guard size >= 512, size <= 65536, size & (size - 1) == 0 else { return nil }
        var sums = Self.checksum(header[0..<24], bigEndian: bigEndian, start: (0, 0))
        guard sums.0 == Self.word(header, 24, bigEndian: true), sums.1 == Self.word(header, 28, bigEndian: true) else { return nil }
        let salts = header[16..<24]
        pageSize = size
        var pending: [UInt8]?
        var committedFirstPage: [UInt8]?
        var committed: Int?
        while let frame = try? handle.read(upToCount: 24 + size).map(Array.init), frame.count == 24 + size,
              frame[8..<16] == salts {
            sums = Self.checksum(frame[0..<8], bigEndian: bigEndian, start: sums)
            sums = Self.checksum(frame[24...], bigEndian: bigEndian, start: sums)
            guard sums.0 == Self.word(frame, 16, bigEndian: true), sums.1 == Self.word(frame, 20, bigEndian: true) else { break }
            if Self.word(frame, 0, bigEndian: true) == 1 { pending = Array(frame[24...]) }
            let pagesAfterCommit = Int(Self.word(frame, 4, bigEndian: true))
            if pagesAfterCommit != 0 {
                committed = pagesAfterCommit
                if let pending { committedFirstPage = pending }
            }
        }
        firstPage = committedFirstPage
        committedPages = committed
    }

    /// Whether SQLite would replay this log into the database whose first bytes are `header`
    /// (at least 100) without it being that database's: its pages are of another size, its
    /// page 1 names another store, or, writing no page 1, it changes the database's size.
    func belongs(toDatabaseWithHeader header: [UInt8]) -> Bool {
        guard header.count >= 100 else { return committedPages == nil }
        guard committedPages != nil else { return true }
        let raw = Int(Self.word(header, 16, bigEndian: true) >> 16)
        guard (raw == 1 ? 65536 : raw) == pageSize else { return false }
        let identity = Self.word(header, 60, bigEndian: true)
        if let firstPage {
            // A store not yet given its identity cannot tell its log from another's.
            return identity == 0 || Self.word(firstPage, 60, bigEndian: true) == identity
        }
        return committedPages == Int(Self.word(header, 28, bigEndian: true))
    }

    private static func word(_ bytes: some RandomAccessCollection<UInt8>, _ offset: Int, bigEndian: Bool) -> UInt32 {
        let start = bytes.index(bytes.startIndex, offsetBy: offset)
        let four = (0..<4).map { UInt32(bytes[bytes.index(start, offsetBy: $0)]) }
        return bigEndian ? four[0] << 24 | four[1] << 16 | four[2] << 8 | four[3]
            : four[3] << 24 | four[2] << 16 | four[1] << 8 | four[0]
    }

    /// SQLite's running checksum over `bytes` (a multiple of 8 long).
    private static func checksum(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, start: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (s0, s1) = start
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index + 8 <= buffer.count {
                let x0 = Self.load(buffer, index, bigEndian), x1 = Self.load(buffer, index + 4, bigEndian)
                s0 = s0 &+ x0 &+ s1
                s1 = s1 &+ x1 &+ s0
                index += 8
            }
        }
        return (s0, s1)
    }

    private static func load(_ buffer: UnsafeBufferPointer<UInt8>, _ offset: Int, _ bigEndian: Bool) -> UInt32 {
        let (a, b, c, d) = (UInt32(buffer[offset]), UInt32(buffer[offset + 1]), UInt32(buffer[offset + 2]), UInt32(buffer[offset + 3]))
        return bigEndian ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a
    }
}
