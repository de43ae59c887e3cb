import Testing
import Workbench

@Suite("Which browser sessions the server keeps")
struct SessionTableTests {
    let start = ContinuousClock.now

    @Test("A full table drops the session idle longest, not the newest or the one just used")
    func dropsLongestIdle() {
        var table = SessionTable<String>(capacity: 2, idleLimit: .seconds(600))
        #expect(table.insert("a", id: "a", now: start).isEmpty)
        #expect(table.insert("b", id: "b", now: start + .seconds(1)).isEmpty)
        #expect(table.use("a", now: start + .seconds(2)).session == "a")
        #expect(table.insert("c", id: "c", now: start + .seconds(3)) == ["b"])
        #expect(table.use("b", now: start + .seconds(4)).session == nil)
        #expect(table.use("a", now: start + .seconds(4)).session == "a")
        #expect(table.use("c", now: start + .seconds(4)).session == "c")
        #expect(table.count == 2)
    }

    @Test("A session idle past the limit is gone on the next look, and is handed back to be released")
    func dropsIdle() {
        var table = SessionTable<String>(capacity: 8, idleLimit: .seconds(60))
        _ = table.insert("old", id: "old", now: start)
        _ = table.insert("busy", id: "busy", now: start + .seconds(50))
        let look = table.use("busy", now: start + .seconds(61))
        #expect(look.session == "busy")
        #expect(look.dropped == ["old"])
        #expect(table.use("old", now: start + .seconds(62)).session == nil)
    }

    @Test("Removing a session twice finds it once")
    func removes() {
        var table = SessionTable<String>(capacity: 2, idleLimit: .seconds(60))
        _ = table.insert("a", id: "a", now: start)
        #expect(table.remove("a") == "a")
        #expect(table.remove("a") == nil)
        #expect(table.count == 0)
    }

    @Test("Session ids are 32 hex digits and do not repeat")
    func ids() {
        let ids = (0..<1000).map { _ in BrowserSessions.newID() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }
}

@Suite("What a request may reach")
struct AccessTests {
    @Test("The host of a Host header, without port or IPv6 brackets", arguments: [
        ("localhost:8080", "localhost"), ("127.0.0.1", "127.0.0.1"), ("[::1]:80", "::1"),
        ("EVIL.example:8080", "evil.example"), ("", ""),
    ])
    func hostName(header: String, host: String) {
        #expect(AccessRules.hostName(header) == host)
    }

    @Test("Tokens compare equal only when equal")
    func tokens() {
        #expect(AccessRules.same("secret-token", "secret-token"))
        #expect(!AccessRules.same("secret-token", "secret-tokeN"))
        #expect(!AccessRules.same("secret", "secret-token"))
    }

    @Test("Loopback hosts", arguments: [("127.0.0.1", true), ("localhost", true), ("::1", true), ("127.1.2.3", true),
                                        ("0.0.0.0", false), ("192.168.1.4", false), ("example.com", false)])
    func loopback(host: String, isLoopback: Bool) {
        #expect(WorkbenchServer.isLoopback(host) == isLoopback)
    }

    @Test("An upload keeps the last part of its name, without control characters, dots in front or folders",
          arguments: [("receipt.png", "receipt.png"), ("../../etc/passwd", "passwd"), ("C:\\photos\\sign.jpg", "sign.jpg"),
                      ("..", "upload"), ("", "upload"), (".hidden.png", "hidden.png"), ("a\u{0}b\nc.png", "abc.png"),
                      ("<img src=x>.png", "<img src=x>.png")])
    func uploadNames(sent: String, kept: String) {
        #expect(UploadName.cleaned(sent) == kept)
    }

    @Test("An upload's name is never longer than 120 bytes")
    func longUploadName() {
        #expect(UploadName.cleaned(String(repeating: "é", count: 500) + ".png").utf8.count <= 120)
    }
}
