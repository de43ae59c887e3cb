import Foundation
import TestSupport
import Testing

@Suite("filterocr ocr --auto: the same choice under any load", .serialized)
struct AutoDeterminismTests {
    private func object(_ line: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// Runs `--auto --explain --json` (by `unit`) on `image` and returns the report.
    private func auto(_ image: String, by unit: String = "line") async throws -> [String: Any] {
        let result = try await Command.filterocr(["ocr", "--auto", "--auto-by", unit, "--explain", "--json", "--no-feed", image])
        #expect(result.status == 0, "\(result.standardError)")
        return try object(result.standardOutput)
    }

    @Test("A low-resolution page gets the same chain, candidates, lines read again and text with the CPU busy as on a quiet machine",
          arguments: ["page", "line"])
    func sameChoiceWhenBusy(unit: String) async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Half the resolution: small grey text, where the choice between enlarging, a
        // threshold and more contrast is close, which is where a time budget changed it.
        let page = folder + "/phototest-half.pgm"
        try await GreyPage(reading: Paths.corpus + "/phototest.tif").shrunk(by: 2).write(to: page)

        let quiet = try await auto(page, by: unit)
        // Three processes that spin from their first instruction, on a machine of two cores.
        var spinners: [BackgroundProcess] = []
        for _ in 0..<3 { spinners.append(try await BackgroundProcess("/bin/sh", ["-c", "while :; do :; done"])) }
        let busy: [String: Any]
        do {
            defer { for spinner in spinners { spinner.terminate() } }
            #expect(spinners.allSatisfy { $0.isRunning })
            busy = try await auto(page, by: unit)
        }

        let (quietChoice, busyChoice) = (try #require(quiet["auto"] as? [String: Any]), try #require(busy["auto"] as? [String: Any]))
        #expect(quietChoice["timeLimited"] as? Bool == false && busyChoice["timeLimited"] as? Bool == false)
        #expect(busyChoice["script"] as? String == quietChoice["script"] as? String)
        #expect(busy["text"] as? String == quiet["text"] as? String)
        func scripts(_ choice: [String: Any]) -> [String] {
            (choice["candidates"] as? [[String: Any]] ?? []).compactMap { $0["script"] as? String }
        }
        #expect(scripts(busyChoice) == scripts(quietChoice), "the same candidates, in the same order")
        if unit == "page" {
            #expect(scripts(quietChoice).count > 3)
        } else {
            let (quietLines, busyLines) = (try #require(quietChoice["lines"] as? [String: Any]), try #require(busyChoice["lines"] as? [String: Any]))
            #expect(NSDictionary(dictionary: quietLines).isEqual(to: busyLines), "the same lines read again, and the same votes")
            #expect(quietLines["readAgain"] as? Int ?? 0 > 0, "\(quietLines)")
        }
        #expect(busyChoice["work"] as? Double == quietChoice["work"] as? Double)
    }

    @Test("--auto-budget counts work: a larger budget tries more candidates, each within it")
    func budgetIsWork() async throws {
        let receipt = Paths.images + "/receipt.png"
        var tried: [Int] = []
        for budget in ["2", "6"] {
            let result = try await Command.filterocr(["ocr", "--auto", "--auto-by", "page", "--auto-budget", budget, "--json", "--no-feed", receipt])
            #expect(result.status == 0, "\(result.standardError)")
            let choice = try #require(try object(result.standardOutput)["auto"] as? [String: Any])
            let work = try #require(choice["work"] as? Double)
            #expect(work <= Double(budget)! && choice["budget"] as? Double == Double(budget))
            tried.append(try #require(choice["tried"] as? Int))
        }
        #expect(tried[0] < tried[1], "\(tried)")
    }
}
