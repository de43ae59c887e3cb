import Foundation
import GRDB

/// A store's column values checked for kind and range. A damaged or crafted file may hold
/// anything in any column (`bytes = 1e300`, `used = 'yesterday'`): such a value is a miss for
/// a lookup, left out of a sum, or the reason a shard is refused; never a conversion that
/// traps. Every read of the store goes through these.
enum StoredValue {
    /// The latest time a store can have used an entry: 9999-12-31T23:59:59Z.
    static let latestTime = 253_402_300_799.0
    /// The hex digits of a SHA-256 digest, the keys of recognitions and renderings.
    static let digestLength = 64
    /// The longest text a store keeps in a descriptive column (an engine, an input's name).
    static let longestText = 1 << 16
    /// The largest entry a store keeps: SQLite's own limit on a value.
    static let largestBlob = 1_000_000_000
    /// The largest count a store keeps for a resolution, a size in pixels or a page's place.
    static let largestCount = Int64(Int32.max)

    /// `value` as an integer within `range`; nil for any other kind or value.
    static func integer(_ value: DatabaseValue, in range: ClosedRange<Int64>) -> Int? {
        guard case .int64(let number) = value.storage, range.contains(number) else { return nil }
        return Int(number)
    }

    /// `value` as seconds since 1970, from 1970 to 9999; nil for any other kind or value.
    static func time(_ value: DatabaseValue) -> Double? {
        let seconds: Double
        switch value.storage {
        case .int64(let number): seconds = Double(number)
        case .double(let number): seconds = number
        default: return nil
        }
        return seconds.isFinite && seconds >= 0 && seconds <= latestTime ? seconds : nil
    }

    /// `value` as text of at most `longestText` bytes; nil for any other kind.
    static func text(_ value: DatabaseValue, longest: Int = longestText) -> String? {
        guard case .string(let text) = value.storage, text.utf8.count <= longest else { return nil }
        return text
    }

    /// `value` as a SHA-256 digest in lowercase hex; nil for anything else.
    static func digest(_ value: DatabaseValue) -> String? {
        guard let text = text(value, longest: digestLength), text.utf8.count == digestLength,
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        else { return nil }
        return text
    }

    /// `value` as bytes; nil for any other kind.
    static func blob(_ value: DatabaseValue) -> Data? {
        guard case .blob(let data) = value.storage, data.count <= largestBlob else { return nil }
        return data
    }

    /// `value` for a message: `1e+300`, `'yesterday'`, `a blob of 3 bytes`, `NULL`.
    static func shown(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let number): "\(number)"
        case .double(let number): "\(number)"
        case .string(let text): "'" + (text.count > 40 ? text.prefix(40) + "…" : text) + "'"
        case .blob(let data): "a blob of \(data.count) bytes"
        }
    }
}
