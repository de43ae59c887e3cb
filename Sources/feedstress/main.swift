// Replaces a feed file COUNT times as fast as it can, for the crash-safety tests of the
// companion feed (a reader in another process must never see a partial file).
//
// usage: feedstress FEED COUNT
import CompanionFeed
import Foundation
import WordFrequency

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: feedstress FEED COUNT\n".utf8))
    exit(2)
}
let writer = FeedWriter(path: arguments[1])
var counts = WordCounts()
for index in 0..<count {
    let text = "update \(index) of \(count): the quick brown fox " + String(repeating: "jumps ", count: index % 7)
    let words = WordCounts(text: text)
    counts.add(words)
    let snapshot = FeedSnapshot(image: "stress-\(index).png", segment: "blur", operations: ["blur 25%"],
                                topWords: words.top(3), sessionTopWords: counts.top(3),
                                wordCount: words.total, meanConfidence: index % 100, source: "feedstress")
    if let error = writer.write(snapshot) {
        FileHandle.standardError.write(Data("feedstress: \(error)\n".utf8))
        exit(1)
    }
}
