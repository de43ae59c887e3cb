import GRDB
internal import GRDBSQLite

/// One blob of a row, open for reading or writing a range at a time (SQLite's incremental
/// blob I/O), so that a large content is copied without being held whole; closed when freed.
final class BlobHandle {
    private let blob: OpaquePointer

    /// Opens column `content` of `table`'s row `row` in the connection's main database.
    init(_ connection: SQLiteConnection?, table: String, row: Int64, writable: Bool) throws {
        var opened: OpaquePointer?
        let code = sqlite3_blob_open(connection, "main", table, "content", row, writable ? 1 : 0, &opened)
        guard code == SQLITE_OK, let opened else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errstr(code)))
        }
        blob = opened
    }

    deinit { sqlite3_blob_close(blob) }

    func read(into buffer: inout [UInt8], count: Int, at offset: Int) throws {
        try check(buffer.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32(count), Int32(offset)) })
    }

    func write(_ buffer: [UInt8], count: Int, at offset: Int) throws {
        try check(buffer.withUnsafeBytes { sqlite3_blob_write(blob, $0.baseAddress, Int32(count), Int32(offset)) })
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errstr(code)))
        }
    }
}
