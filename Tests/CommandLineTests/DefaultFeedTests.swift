import Foundation
import TestSupport
import Testing

/// The feed without `--feed`: one per user, whatever folder a command runs in.
@Suite("The default feed, end to end")
struct DefaultFeedTests {
    private func feedSource(_ path: String) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        return object?["source"] as? String
    }

    @Test("ocr writes the feed under XDG_STATE_HOME, or HOME's .local/state without it, and nothing where it runs",
          arguments: [true, false])
    func perUserFeed(withStateHome: Bool) async throws {
        let home = try Paths.temporaryDirectory(), working = try Paths.temporaryDirectory()
        defer { for folder in [home, working] { try? FileManager.default.removeItem(atPath: folder) } }
        let environment: [String: String?] = ["HOME": home, "XDG_STATE_HOME": withStateHome ? home + "/state" : nil]
        let result = try await Command.filterocr(["ocr", Paths.images + "/price_tag.bmp"], environment: environment, directory: working)
        #expect(result.status == 0, "\(result.standardError)")
        let feed = home + (withStateHome ? "/state" : "/.local/state") + "/filterocr/topwords.json"
        #expect(try feedSource(feed) == "ocr", "the feed at \(feed)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: working).isEmpty, "no watchfeed/ where it ran")

        // companion, from yet another folder, follows the same file.
        let elsewhere = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let companion = try await Command.run("/bin/sh", ["-c", "\"$0\" companion | head -1", Paths.filterocr],
                                        environment: environment, directory: elsewhere)
        #expect(companion.standardOutput.hasPrefix("#1 ") && companion.standardOutput.contains("price_tag.bmp"),
                "\(companion.standardOutput) \(companion.standardError)")
    }

    @Test("--feed still names the file")
    func explicitFeed() async throws {
        let home = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let feed = home + "/mine.json"
        let result = try await Command.filterocr(["ocr", "--feed", feed, Paths.images + "/price_tag.bmp"],
                                           environment: ["HOME": home, "XDG_STATE_HOME": home + "/state"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try feedSource(feed) == "ocr")
        #expect(!FileManager.default.fileExists(atPath: home + "/state"), "the default is not written too")
    }

    @Test("--help states the rule")
    func help() async throws {
        for command in ["ocr", "companion"] {
            let help = try await Command.filterocr([command, "--help"])
            #expect(help.standardOutput.contains("$XDG_STATE_HOME/filterocr/topwords.json"), "\(command): \(help.standardOutput)")
        }
    }
}
