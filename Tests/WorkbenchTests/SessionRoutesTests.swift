import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// The web API's sessions and commands, in process, as `docs/web-api.md` describes them.
@Suite("The web API's sessions and commands")
struct SessionRoutesTests {
    @Test("The image set is listed by id, named within its folder, never by the server's path")
    func images() async throws {
        let workbench = try InProcessWorkbench()
        try await workbench.test { client in
            let reply = try await client.send(.get, "/api/images")
            #expect(reply.status == .ok && reply.isJSON)
            let images = try #require(try reply.object()["images"] as? [[String: Any]])
            #expect(images.map { $0["id"] as? Int } == [0, 1, 2])
            #expect(images.map { $0["name"] as? String } == ["w40.png", "w41.png", "w42.png"])
        }
    }

    @Test("The filter table is served for the page to build its controls from")
    func filters() async throws {
        try await InProcessWorkbench().test { client in
            let reply = try await client.send(.get, "/api/filters")
            #expect(reply.status == .ok)
            let filters = try #require(try reply.object()["filters"] as? [[String: Any]])
            #expect(filters.contains { $0["name"] as? String == "blur" })
            #expect(try reply.object()["defaultSweep"] as? String == "blur")
        }
    }

    @Test("A new session on an image answers 201 with the recognition of that image, by the session's engine")
    func newSession() async throws {
        let workbench = try InProcessWorkbench()
        try await workbench.test { client in
            let reply = try await client.send(.post, "/api/sessions", json: #"{"image": 1}"#)
            #expect(reply.status == .created)
            #expect(try reply.object()["session"] is String)
            let recognition = try #require(try reply.outputs().first { $0["kind"] as? String == "recognition" })
            #expect(recognition["image"] as? String == "w41.png")
            #expect(recognition["segment"] as? String == "original")
            #expect((recognition["text"] as? String)?.contains("size41") == true, "the fake engine's reading")
        }
        #expect(workbench.recognizer.calls.load(ordering: .relaxed) >= 1)
    }

    @Test("Filter commands move the session between renderings; original comes back to the first reading")
    func filterMoves() async throws {
        try await InProcessWorkbench().test { client in
            let session = try await client.newSession(on: 0)
            let original = try #require(try await client.command("status", in: session).outputs().first)
            #expect(original["kind"] as? String == "status")

            let blur = try await client.command("blur", in: session)
            #expect(blur.status == .ok)
            let blurred = try #require(try blur.outputs().first)
            #expect(blurred["segment"] as? String == "blur")
            #expect((blurred["operations"] as? [String])?.count == 1)

            let stronger = try #require(try await client.command("75%", in: session).outputs().first)
            let operations = try #require(stronger["operations"] as? [String])
            #expect(operations.count == 2 && operations.allSatisfy { $0.hasPrefix("blur ") } && operations[1] == "blur 75%", "\(operations)")
            #expect(stronger["text"] as? String != blurred["text"] as? String, "another rendering reads differently")

            let back = try #require(try await client.command("original", in: session).outputs().first)
            #expect(back["segment"] as? String == "original")
            #expect(back["operations"] as? [String] == [])
        }
    }

    @Test("A command as plain text is read as the command line; a JSON object is read whatever its declared type")
    func commandBodies() async throws {
        try await InProcessWorkbench().test { client in
            let session = try await client.newSession()
            let plain = try await client.send(.post, "/api/sessions/\(session)/commands", headers: [.contentType: "text/plain"],
                                              body: Array("binarize".utf8))
            #expect(try plain.outputs().first?["segment"] as? String == "binarize")
            let form = try await client.send(.post, "/api/sessions/\(session)/commands",
                                             headers: [.contentType: "application/x-www-form-urlencoded"],
                                             body: Array(#"{"command": "blur"}"#.utf8))
            #expect(try form.outputs().first?["segment"] as? String == "blur")
        }
    }

    @Test("A page move on an image is refused with 422, the refusal in `error`, and the session unchanged")
    func pageMoveOnImage() async throws {
        try await InProcessWorkbench().test { client in
            let session = try await client.newSession()
            _ = try await client.command("blur", in: session)
            let refused = try await client.command("page next", in: session)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.isJSON)
            #expect(try !refused.error().isEmpty)
            #expect(try refused.outputs().map { $0["kind"] as? String } == ["error"])
            let status = try #require(try await client.command("status", in: session).outputs().first)
            #expect("\(status)".contains("blur"), "the filter is kept: \(status)")
        }
    }

    @Test("open, save and quit are refused with 400: paths never come from a client", arguments: [
        "open /etc/passwd", "save /tmp/out.png", "quit",
    ])
    func pathsRefused(line: String) async throws {
        try await InProcessWorkbench().test { client in
            let session = try await client.newSession()
            let refused = try await client.command(line, in: session)
            #expect(refused.status == .badRequest)
            #expect(refused.isJSON)
            #expect(try !refused.error().isEmpty)
        }
    }

    @Test("Requests the API cannot answer get a JSON error with the right status")
    func errors() async throws {
        try await InProcessWorkbench().test { client in
            let session = try await client.newSession()
            let cases: [(Reply, HTTPResponse.Status, String)] = [
                (try await client.send(.get, "/api/sessions/no-such-session"), .notFound, "no such session"),
                (try await client.send(.get, "/api/nothing"), .notFound, "nothing at /api/nothing"),
                (try await client.send(.post, "/api/sessions/\(session)/open/7"), .notFound, "no image 7"),
                (try await client.send(.post, "/api/sessions/\(session)/open/first"), .badRequest, "an image id is a number"),
                (try await client.send(.post, "/api/sessions", json: #"{"image": "#), .badRequest, "not the JSON"),
                (try await client.command(#"blur\nbinarize"#, in: session), .badRequest, "one command per request"),
                (try await client.send(.post, "/api/sessions/\(session)/commands",
                                       body: Array(repeating: UInt8(ascii: "b"), count: 5000)), .contentTooLarge, "too large"),
                (try await client.send(.get, "/api/sessions/\(session)/sweep/nothing.png"), .notFound, "no chart"),
                (try await client.send(.get, "/api/feed"), .notFound, "--no-feed"),
            ]
            for (reply, status, message) in cases {
                #expect(reply.status == status, "\(String(decoding: reply.body, as: UTF8.self))")
                #expect(reply.isJSON)
                #expect(try reply.error().contains(message), "\(String(decoding: reply.body, as: UTF8.self))")
            }
        }
    }

    @Test("A method a path does not take gets a JSON 4xx error that points to the API's description")
    func wrongMethod() async throws {
        try await InProcessWorkbench().test { client in
            let reply = try await client.send(.delete, "/api/images")
            #expect([.notFound, .methodNotAllowed].contains(reply.status), "\(reply.status)")
            #expect(reply.isJSON)
            #expect(try reply.error().contains("/api/openapi.json"))
        }
    }

    @Test("Every answer, a refusal included, carries the security headers")
    func securityHeaders() async throws {
        try await InProcessWorkbench().test { client in
            for path in ["/api/images", "/api/nothing"] {
                let reply = try await client.send(.get, path)
                #expect(reply.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(reply.headers[.contentSecurityPolicy] != nil, "\(path)")
            }
        }
    }

    @Test("A state-changing request from another site's page is refused with 403")
    func otherOrigin() async throws {
        let workbench = try InProcessWorkbench()
        try await workbench.test { client in
            let refused = try await client.send(.post, "/api/sessions", headers: [.origin: "http://elsewhere.example"])
            #expect(refused.status == .forbidden)
            #expect(try refused.error().contains("another site"))
        }
        #expect(workbench.recognizer.calls.load(ordering: .relaxed) == 0, "no session was made")
    }

    @Test("A deleted session answers 404 afterwards")
    func deleteSession() async throws {
        try await InProcessWorkbench().test { client in
            let session = try await client.newSession()
            #expect(try await client.send(.delete, "/api/sessions/\(session)").status == .noContent)
            let gone = try await client.send(.get, "/api/sessions/\(session)")
            #expect(gone.status == .notFound)
            #expect(try gone.error().contains("no such session"))
            #expect(try await client.send(.delete, "/api/sessions/\(session)").status == .notFound)
        }
    }

    @Test("At the session limit the one idle longest is dropped to make room")
    func sessionLimit() async throws {
        try await InProcessWorkbench { $0.maxSessions = 2 }.test { client in
            let first = try await client.newSession()
            let second = try await client.newSession()
            _ = try await client.command("status", in: first)
            let third = try await client.newSession()
            #expect(try await client.send(.get, "/api/sessions/\(second)").status == .notFound, "idle longest")
            #expect(try await client.send(.get, "/api/sessions/\(first)").status == .ok)
            #expect(try await client.send(.get, "/api/sessions/\(third)").status == .ok)
        }
    }

    @Test("The current rendering is served as PNG")
    func image() async throws {
        try await InProcessWorkbench().test { client in
            let session = try await client.newSession()
            let reply = try await client.send(.get, "/api/sessions/\(session)/image")
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "image/png")
            #expect(reply.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }
}
