import Decisions
import Imaging
import Recognition
import Reports

/// The lines of a page as other readings of the same page read them: the search reads several
/// renderings of the page whole, and where a rendering leaves every pixel in place (noise,
/// light, thresholds) its words lie over the same lines as the chosen reading's. Each of them is
/// then one more reading of each line, for free: no line is read again.
package enum CandidateLines {
    /// Whether `other`'s words lie where `chosen`'s do: their chains differ only by filters that
    /// leave every pixel in place (`FilterKind.Placement.inPlace`), so both were read from the
    /// same geometry, whatever their engine settings (`psm 6` reads the same pixels).
    package static func sameGeometry(_ chosen: FilterState, _ other: FilterState) -> Bool {
        func moving(_ state: FilterState) -> [FilterOperation] { state.operations.filter { $0.kind.placement != .inPlace } }
        return moving(chosen) == moving(other)
    }

    /// The least share of the chosen reading's score a reading must have to witness its lines: a
    /// reading the search found much worse reads lines worse too, and a crowd of them outvotes
    /// the chosen one (a noisy phone photo of `images/`: with every reading of the same
    /// geometry, lines lost their last words to readings that had not read them, CER 0.1% →
    /// 2.8%). Hand-set, until the chooser learned on the development corpus weighs it.
    package static let witnessShare = 0.9

    /// Whether `candidate` is a reading of the chosen page's lines: of the same geometry, other
    /// than the chosen one, and scored at least `witnessShare` of it.
    package static func witnesses(_ candidate: AutoChoice.Candidate, _ chosen: AutoChoice.Candidate) -> Bool {
        candidate.filters != chosen.filters && sameGeometry(chosen.filters, candidate.filters)
            && candidate.score >= chosen.score * witnessShare
    }

    /// For each line (its rectangle on the page), the words of `reading` that lie on it, in the
    /// reading's order: a word belongs to the line whose rectangle holds its centre, the nearest
    /// line by the centres' height where rectangles overlap; a word on no line is left out.
    package static func words(of reading: RecognizedText, on lines: [TextLines.Line], rectangles: [BoundingBox])
        -> [[RecognizedWord]] {
        var placed = [[RecognizedWord]](repeating: [], count: lines.count)
        let middles = lines.map { Double($0.box.y) + Double($0.box.height) / 2 }
        for word in reading.words where !word.text.allSatisfy(\.isWhitespace) {
            let x = Double(word.box.x) + Double(word.box.width) / 2, y = Double(word.box.y) + Double(word.box.height) / 2
            let holding = rectangles.indices.filter { index in
                let box = rectangles[index]
                return x >= Double(box.x) && x < Double(box.x + box.width) && y >= Double(box.y) && y < Double(box.y + box.height)
            }
            guard let line = holding.min(by: { (abs(middles[$0] - y), $0) < (abs(middles[$1] - y), $1) }) else { continue }
            placed[line].append(word)
        }
        return placed
    }
}

extension CandidateLines {
    /// A page's lines, each with its readings: the chosen reading's own first, then the words
    /// each other reading has on it.
    package struct Hypotheses {
        package var lines: [TextLines.Line]
        package var rectangles: [BoundingBox]
        /// What made each reading (`chosen`, then the renderings' chains).
        package var sources: [String]
        /// For each line, each reading's words on it, the chosen reading's first.
        package var words: [[[RecognizedWord]]]

        /// The readings of line `index`, as the chooser weighs them.
        package func readings(of index: Int) -> [LineReading] {
            zip(sources, words[index]).map { LineReading(source: $0, recognized: $1) }
        }
    }

    /// The lines of `chosen` (a reading of a page `width` × `height`) with `others`' words on them.
    package static func hypotheses(_ chosen: TextLines, width: Int, height: Int,
                                   others: [(source: String, reading: RecognizedText)]) -> Hypotheses {
        let rectangles = LineRectangles.of(chosen.lines, width: width, height: height)
        let placed = others.map { words(of: $0.reading, on: chosen.lines, rectangles: rectangles) }
        return Hypotheses(lines: chosen.lines, rectangles: rectangles, sources: ["chosen"] + others.map(\.source),
                          words: chosen.lines.indices.map { index in [chosen.lines[index].words] + placed.map { $0[index] } })
    }
}
