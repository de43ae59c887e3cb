import FileSystem
import Reports

extension ShardMerge {
    /// One part as the merge reads it: a checked line ahead, and the inputs taken so far.
    final class PartReader {
        let shown: String
        private let lines: PartLines
        /// The run of the part's first line and its number, which every other line must share.
        private(set) var first: (run: JSONLines.ShardStamp, number: Int)?
        private var ahead: Line?
        /// The last line taken, and how many inputs were taken.
        private var last: Line?
        private var inputs = 0

        init(_ lines: PartLines) {
            self.lines = lines
            shown = PathEncoding.displayed(lines.file)
        }

        /// The next line not empty, checked, without taking it; nil at the end of the part.
        func peek() throws(Failure) -> Line? {
            if let ahead { return ahead }
            while let text = try lines.next() {
                guard !text.isEmpty else { continue }
                let line = try checkedLine(text, number: lines.number, file: lines.file, first: first)
                if first == nil { first = (line.stamp.run, line.number) }
                ahead = line
                return line
            }
            return nil
        }

        /// Gives `emit` the lines of input `input`, this part's next (one, or a document's pages
        /// in rising order), each checked to be in its place.
        func takeInput(_ input: Int, share: Int, of run: JSONLines.ShardStamp, list: [String]?,
                       emit: (String) -> Void) throws(Failure) {
            guard let line = try peek() else {
                let expected = JSONLines.ShardStamp.inputs(ofShare: share, count: run.count, listLength: run.inputs)
                throw Failure(message: "\(shown) holds \(inputs) of shard \(share)/\(run.count)'s \(expected) inputs: "
                              + "its run did not finish; run it again (the result store makes it cheap)")
            }
            guard line.position == input else {
                throw Failure(message: "\(shown) line \(line.number) is input \(line.position), "
                              + misplacement(of: line, share: share, count: run.count, next: input) + "; run its shard again")
            }
            if let list, let image = line.image, image != PathEncoding.displayed(list[line.position]) {
                throw Failure(message: "\(shown) line \(line.number) names \(image), but input \(line.position) of the list is "
                              + "\(PathEncoding.displayed(list[line.position])): run its shard again")
            }
            take(line, emit: emit)
            inputs += 1
            // A document's further pages: the same input, its pages rising.
            while let next = try peek(), let previous = last, next.position == previous.position {
                guard let page = next.page, let before = previous.page, page > before else {
                    throw Failure(message: "\(shown) line \(next.number) repeats input \(next.position)"
                                  + (next.page.map { " page \($0)" } ?? "") + " of line \(previous.number): a line is repeated; "
                                  + "run its shard again")
                }
                take(next, emit: emit)
            }
        }

        private func take(_ line: Line, emit: (String) -> Void) {
            emit(line.unstamped)
            last = line
            ahead = nil
        }

        /// Why `line` is not in its place, when input `next` (nil: none, the part is done) was due.
        func misplacement(of line: Line, share: Int, count: Int, next: Int?) -> String {
            if line.position % count != share { return "which is not an input of shard \(share)/\(count)" }
            if let next, line.position > next { return "but input \(next) comes first: a line is missing" }
            let before = last.map { "input \($0.position)" } ?? "an input"
            return "but \(before) comes before it: the lines are out of order or repeated"
        }
    }
}
