import Foundation

/// The pages of a document to read (`--pages 1,3-5,9-`), numbered from 1 as OCRmyPDF's.
public struct PageSelection: Sendable, Equatable, CustomStringConvertible {
    /// Ascending, non-overlapping ranges; an open end reaches the last page.
    public private(set) var ranges: [ClosedRange<Int>]

    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `1,3-5,9-`: numbers and ranges from 1, in any order, overlapping or not.
    public init(_ text: String) throws(ParseError) {
        var ranges: [ClosedRange<Int>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            let first = Int(bounds[0].trimmingCharacters(in: .whitespaces))
            let last = bounds.count == 1 ? first
                : bounds[1].trimmingCharacters(in: .whitespaces).isEmpty ? Int.max
                : Int(bounds[1].trimmingCharacters(in: .whitespaces))
            guard let first, let last, first >= 1, last >= first else {
                throw ParseError(description: "--pages takes page numbers from 1 and ranges, e.g. --pages 1,3-5 "
                                 + "or --pages 10- (not '\(part)')")
            }
            ranges.append(first...last)
        }
        self.ranges = Self.merged(ranges)
    }

    /// The selected pages a document of `count` pages has, in order, made as they are read (a
    /// document may claim a billion pages); those past its end are left out.
    public func pages(of count: Int) -> Pages {
        Pages(ranges: ranges.compactMap { range in
            range.lowerBound <= count ? range.lowerBound...min(range.upperBound, count) : nil
        })
    }

    /// The first page selected.
    public var firstPage: Int { ranges.first?.lowerBound ?? 1 }

    /// Every page of a document of `count` pages, as `pages(of:)` gives a selection's.
    public static func all(of count: Int) -> Pages {
        Pages(ranges: count > 0 ? [1...count] : [])
    }

    /// Page numbers in ascending ranges, counted without being listed.
    public struct Pages: Sequence, Sendable, Equatable {
        let ranges: [ClosedRange<Int>]

        public var count: Int { ranges.reduce(0) { $0 + $1.count } }
        public var underestimatedCount: Int { count }

        public func makeIterator() -> FlattenSequence<[ClosedRange<Int>]>.Iterator {
            ranges.joined().makeIterator()
        }
    }

    public var description: String {
        ranges.map { range in
            range.upperBound == Int.max ? "\(range.lowerBound)-"
                : range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
        }.joined(separator: ",")
    }

    /// `ranges` sorted, those that overlap or touch made one.
    private static func merged(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var merged: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            // Overlapping, or starting at the page after `last`. An open range (to Int.max) holds
            // every range that starts after its own start, and has no page after it to add 1 to.
            if let last = merged.last, last.upperBound == .max || range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
