import Foundation
import Imaging
import TestSupport
import Testing

/// The filter table: one entry per filter, and the copies outside Swift agree with it.
@Suite("The filter table")
struct FilterTableTests {
    @Test("Each filter has one word, and the word finds it")
    func wordsAreUnique() throws {
        let words = FilterKind.allCases.map(\.rawValue)
        #expect(Set(words).count == words.count)
        for kind in FilterKind.allCases {
            #expect(FilterKind(rawValue: kind.rawValue) == kind)
            #expect(Segment(rawValue: kind.rawValue) == .filter(kind))
            let encoded = try JSONEncoder().encode(kind)
            #expect(String(decoding: encoded, as: UTF8.self) == "\"\(kind.rawValue)\"")
            #expect(try JSONDecoder().decode(FilterKind.self, from: encoded) == kind)
        }
        #expect(FilterKind.brief == [.blur, .binarize])
        #expect(Segment.allCases.count == FilterKind.allCases.count + 1)
    }

    @Test("Each filter's default sweep starts and ends inside 0-300%, in order")
    func defaultSweeps() {
        for kind in FilterKind.allCases {
            let strengths = kind.defaultStrengths(textHeight: nil)
            #expect(strengths.count >= 2 && strengths == strengths.sorted(), "\(kind)")
            #expect(strengths.allSatisfy { FilterOperation.intensityRange.contains($0) }, "\(kind)")
        }
    }

    @Test("The filter table (docs/filters.md) lists the filters after the brief's two, in order, with what each reproduces")
    func readmeTable() throws {
        let readme = try String(contentsOfFile: Paths.packageRoot + "/docs/filters.md", encoding: .utf8)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
        }.filter { FilterKind(rawValue: $0[0]) != nil }
        let others = FilterKind.allCases.filter { !$0.isBriefSegment }
        #expect(rows.map { $0[0] } == others.map(\.rawValue))
        for (row, kind) in zip(rows, others) {
            #expect(row[1].contains(kind.reproduces), "\(kind): docs/filters.md says \(row[1]), the table \(kind.reproduces)")
        }
    }
}
