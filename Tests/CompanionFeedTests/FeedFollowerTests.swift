import CompanionFeed
import Foundation
import TestSupport
import Testing
import WordFrequency

@Suite("Feed follower: what every display of the feed is told")
struct FeedFollowerTests {
    private func snapshot(_ image: String) -> FeedSnapshot {
        FeedSnapshot(updatedAt: Date(timeIntervalSince1970: 1_700_000_000), image: image, segment: "blur",
                     operations: ["blur 25%"], topWords: [WordCount(word: "fox", count: 2)],
                     sessionTopWords: [WordCount(word: "fox", count: 2)], wordCount: 5, meanConfidence: 87, source: "ocr")
    }

    @Test("A missing feed is one problem; each new snapshot is told once; an unchanged file, nothing")
    func changes() throws {
        let path = try Paths.temporaryDirectory() + "/topwords.json"
        var follower = FeedFollower(path: path)
        #expect(follower.poll() == .problem(.missing(path: path)))
        #expect(follower.poll() == nil, "the same problem is not told twice")
        let writer = FeedWriter(path: path)
        #expect(writer.write(snapshot("a.png")) == nil)
        guard case .snapshot(let first)? = follower.poll() else { Issue.record("no snapshot"); return }
        #expect(first.image == "a.png" && first.sequence == 1)
        #expect(follower.poll() == nil)
        #expect(writer.write(snapshot("b.png")) == nil)
        guard case .snapshot(let second)? = follower.poll() else { Issue.record("no second snapshot"); return }
        #expect(second.image == "b.png" && second.sequence == 2)
        #expect(follower.latest == .snapshot(second))
    }

    @Test("A foreign file is a problem; a feed written over it is then told")
    func foreignThenFeed() throws {
        let path = try Paths.temporaryDirectory() + "/topwords.json"
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        var follower = FeedFollower(path: path)
        guard case .problem(.foreign)? = follower.poll() else { Issue.record("not foreign"); return }
        #expect(FeedWriter(path: path).write(snapshot("c.png")) == nil)
        guard case .snapshot(let snapshot)? = follower.poll() else { Issue.record("no snapshot"); return }
        #expect(snapshot.image == "c.png")
    }
}
