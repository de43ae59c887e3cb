import Foundation
import HTTPTypes
import Hummingbird
import Testing
import Workbench

/// The channel handlers in front of the routes, on a live server (`LiveWorkbench`): what a client sees on the socket when it is slow, when its head does not
/// parse, and on every answer.
@Suite("The server's connection handlers, over a socket")
struct ServerHandlersLiveTests {
    /// A deadline short enough for the tests to wait out, far longer than a request on loopback takes.
    private static let shortDeadline: Duration = .milliseconds(400)

    /// The headers every answer carries, however it came to be written.
    private static let securityHeaders = ["Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"]

    // MARK: The connection guard

    @Test("A client that sends part of a head and stalls is cut off at the header deadline, unanswered")
    func stalledHeadCutOff() async throws {
        try await LiveWorkbench.test({ $0.headerTimeout = Self.shortDeadline }) { _, port in
            let connection = try RawConnection(port: port)
            #expect(await connection.send("GET /api/filters HTTP/1.1\r\nHost: localhost\r\n"))
            let ending = await connection.readUntilClosed()
            #expect(ending.closed, "still open after \(ending.seconds) s")
            #expect(ending.bytes.isEmpty, "\(String(decoding: ending.bytes, as: UTF8.self))")
            #expect(ContinuousClock.now - connection.opened >= Self.shortDeadline, "not before its deadline")
        }
    }

    @Test("A head sent a byte at a time is cut off too: the deadline runs from the connection's opening, not from its last byte")
    func dribbledHeadCutOff() async throws {
        try await LiveWorkbench.test({ $0.headerTimeout = Self.shortDeadline }) { _, port in
            let connection = try RawConnection(port: port)
            let ending = await connection.dribble(pace: 0.05)
            #expect(ending.closed, "still open after \(ending.seconds) s of dribbling")
            #expect(ending.bytes.isEmpty)
        }
    }

    @Test("A request's body that stops arriving is cut off at the body deadline")
    func stalledBodyCutOff() async throws {
        try await LiveWorkbench.test({ $0.bodyTimeout = Self.shortDeadline }) { _, port in
            let connection = try RawConnection(port: port)
            #expect(await connection.send("POST /api/sessions HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Type: application/json\r\n"
                                          + "Content-Length: 100\r\n\r\n{\"image\": "))
            let ending = await connection.readUntilClosed()
            #expect(ending.closed, "still open after \(ending.seconds) s")
        }
    }

    @Test("A whole request is answered; a kept connection that then sends nothing is closed at the idle deadline")
    func idleConnectionClosed() async throws {
        try await LiveWorkbench.test({ $0.idleTimeout = Self.shortDeadline }) { _, port in
            let connection = try RawConnection(port: port)
            #expect(await connection.request("GET", "/api/filters", port: port))
            let answer = try #require(await connection.readAnswer())
            #expect(answer.status == 200)
            #expect(answer.values("Connection").allSatisfy { $0.lowercased() != "close" }, "kept open for the next request")
            let ending = await connection.readUntilClosed()
            #expect(ending.closed && ending.bytes.isEmpty, "still open after \(ending.seconds) s idle")
        }
    }

    @Test("At the connection limit, a new connection takes the place of the one that has waited longest for a request")
    func limitReplacesLongestWaiting() async throws {
        try await LiveWorkbench.test({ $0.maxConnections = 16 }) { client, port in
            // The kept connection is the first, answered first: of the sixteen, it
            // has waited for its next request the longest. Then each raw one is answered in turn.
            #expect(try await client.execute(uri: "/api/filters", method: .get).status == .ok)
            var connections: [RawConnection] = []
            for _ in 0..<15 {
                let connection = try RawConnection(port: port)
                #expect(await connection.request("GET", "/api/filters", port: port))
                try #require(await connection.readAnswer()?.status == 200)
                connections.append(connection)
            }
            let newcomer = try RawConnection(port: port)
            #expect(await newcomer.request("GET", "/api/filters", port: port))
            #expect(await newcomer.readAnswer()?.status == 200, "the new connection is served")
            await #expect(throws: (any Error).self, "the longest waiting was not closed") {
                try await client.execute(uri: "/api/filters", method: .get)
            }
            #expect(await connections[0].request("GET", "/api/filters", port: port))
            #expect(await connections[0].readAnswer()?.status == 200, "the others are kept")
        }
    }

    @Test("When every connection is busy answering, a new one is refused until one ends")
    func limitRefusesWhenAllBusy() async throws {
        let feedFolder = NSTemporaryDirectory() + "filterocr-live-feed-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: feedFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: feedFolder) }
        try await LiveWorkbench.test({ configuration in
            configuration.maxConnections = 16
            configuration.feedPath = feedFolder + "/topwords.json"
        }) { client, port in
            #expect(try await client.execute(uri: "/api/filters", method: .get).status == .ok)
            // An event stream's answer lasts as long as its page: each of these is busy answering.
            // The kept connection, waiting for its next request, makes way for the sixteenth.
            var streams: [RawConnection] = []
            for _ in 0..<16 {
                let stream = try RawConnection(port: port)
                #expect(await stream.request("GET", "/api/feed/events", port: port))
                try #require(await stream.readAnswer()?.status == 200)
                streams.append(stream)
            }
            await #expect(throws: (any Error).self, "the client's waiting connection was kept") {
                try await client.execute(uri: "/api/filters", method: .get)
            }
            let refused = try RawConnection(port: port)
            await refused.request("GET", "/api/filters", port: port)
            let ending = await refused.readUntilClosed()
            #expect(ending.closed && ending.bytes.isEmpty, "\(String(decoding: ending.bytes, as: UTF8.self))")

            // One stream's client is gone: its place is free again once the server has seen it go.
            // Reset, not ended in order: a stream whose client only ends its side is seen to be
            // gone at the server's next write to it, its keep-alive up to 15 s later.
            streams[0].resetWhenClosed()
            streams.removeFirst()
            var (served, lastTry) = (false, false)
            let deadline = Date().addingTimeInterval(30)
            // The last try starts after the deadline: a test task run late still gets its answer.
            while !served, !lastTry {
                lastTry = Date() >= deadline
                let next = try RawConnection(port: port)
                await next.request("GET", "/api/filters", port: port)
                served = await next.readAnswer()?.status == 200
            }
            #expect(served)
        }
    }

    // MARK: Answers to heads that do not parse

    @Test("A request that is not HTTP is answered 400 with a JSON error saying so, then closed, not dropped in silence",
          arguments: ["GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nNo colon here\r\n\r\n", "GET /\u{1} HTTP/1.1\r\n\r\n",
                      "GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n"])
    func unparsableAnswered(request: String) async throws {
        try await LiveWorkbench.test { _, port in
            let connection = try RawConnection(port: port)
            await connection.send(request)
            let ending = await connection.readUntilClosed()
            #expect(ending.closed)
            let answer = try #require(Answer(ending.bytes), "\(String(decoding: ending.bytes, as: UTF8.self))")
            #expect(answer.status == 400)
            #expect(answer.values("Content-Type") == ["application/json; charset=utf-8"])
            #expect(answer.values("Cache-Control") == ["no-store"])
            #expect(answer.values("Content-Length") == ["\(answer.body.count)"] && answer.isComplete)
            let error = try #require(answer.error, "\(String(decoding: answer.body, as: UTF8.self))")
            #expect(error.hasPrefix("the request is not valid HTTP/1.1 (") && error.hasSuffix("); send a well-formed request"), "\(error)")
        }
    }

    @Test("A head that does not parse is answered at once, while the server's tasks cannot run, not cut off at the header deadline")
    func unparsableAnsweredWhileTasksWait() async throws {
        try await LiveWorkbench.test({ $0.headerTimeout = Self.shortDeadline }) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GARBAGE\r\n\r\n")
            // The test holds its shared thread past the deadline on purpose, as a busy machine
            // holds the threads the server's tasks run on: the answer must come from the
            // connection's event loop (NIO's own thread), not from a task.
            usleep(UInt32(3 * (Self.shortDeadline / .microseconds(1))))
            let ending = await connection.readUntilClosed()
            #expect(ending.closed)
            let answer = try #require(Answer(ending.bytes), "\(String(decoding: ending.bytes, as: UTF8.self))")
            #expect(answer.status == 400)
            #expect(answer.values("Connection") == ["close"])
        }
    }

    @Test("On a kept connection, a head that does not parse after good requests is answered after their answers")
    func unparsableAfterRequestsAnsweredInTurn() async throws {
        try await LiveWorkbench.test { _, port in
            let connection = try RawConnection(port: port)
            let good = "GET /api/filters HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n"
            await connection.send(good + good + "GARBAGE\r\n\r\n")
            let ending = await connection.readUntilClosed()
            #expect(ending.closed)
            let answers = Answer.all(in: ending.bytes)
            #expect(answers.map(\.status) == [200, 200, 400], "\(String(decoding: ending.bytes, as: UTF8.self))")
            #expect(answers.last?.error?.hasPrefix("the request is not valid HTTP/1.1 (") == true)
        }
    }

    @Test("A head over 80 KB, in its fields or in its address, is answered 431 with what to send instead",
          arguments: [false, true])
    func oversizedHeadAnswered(inAddress: Bool) async throws {
        try await LiveWorkbench.test { _, port in
            let connection = try RawConnection(port: port)
            let long = String(repeating: "a", count: 100 * 1024)
            if inAddress {
                await connection.request("GET", "/api/filters?q=" + long, port: port)
            } else {
                await connection.request("GET", "/api/filters", port: port, headers: ["X-Padding: " + long])
            }
            let ending = await connection.readUntilClosed()
            let answer = try #require(Answer(ending.bytes), "\(String(decoding: ending.bytes, as: UTF8.self))")
            #expect(answer.status == 431)
            #expect(answer.error == "the request's head (its address and header fields together) is over 80 KB; "
                    + "send a shorter address or fewer header fields")
            #expect(ending.closed)
        }
    }

    @Test("A head just under the limit is read and answered as any other")
    func headUnderTheLimit() async throws {
        try await LiveWorkbench.test { client, _ in
            let padding = try #require(HTTPField.Name("X-Padding"))
            let response = try await client.execute(uri: "/api/filters", method: .get,
                                                    headers: [padding: String(repeating: "a", count: 60 * 1024)])
            #expect(response.status == .ok)
        }
    }

    // MARK: Security headers

    @Test("Every answer carries the security headers once: the routes' answers and refusals, and the answers to heads that do not parse")
    func securityHeadersOnEveryAnswer() async throws {
        try await LiveWorkbench.test { client, port in
            // What an HTTP client sends: the routes' answers.
            let routed: [(HTTPRequest.Method, String, [UInt8]?, HTTPResponse.Status)] = [
                (.get, "/api/filters", nil, .ok),
                (.get, "/", nil, .ok),
                (.get, "/nothing/here", nil, .notFound),
                (.post, "/api/sessions", Array("{{{".utf8), .badRequest),
            ]
            for (method, path, body, status) in routed {
                let response = try await client.execute(uri: path, method: method, body: body)
                #expect(response.status == status, "\(method) \(path)")
                Self.expectSecurityHeaders(on: "the \(response.status.code) to \(method) \(path)") { name in
                    HTTPField.Name(name).map { response.headers[values: $0] } ?? []
                }
            }
            // What only a raw socket sends: a host the server does not answer to, heads that do not parse.
            let raw: [(String, Int)] = [
                ("GET /api/filters HTTP/1.1\r\nHost: rebound.example\r\n\r\n", 403),
                ("NOT HTTP AT ALL\r\n\r\n", 400),
                ("GET / HTTP/1.1\r\nX-Padding: \(String(repeating: "b", count: 90 * 1024))\r\n\r\n", 431),
            ]
            for (request, status) in raw {
                let connection = try RawConnection(port: port)
                await connection.send(request)
                let answer = try #require(await connection.readAnswer(), "no answer to \(request.prefix(40))")
                #expect(answer.status == status, "\(request.prefix(40))")
                Self.expectSecurityHeaders(on: "the \(answer.status) to \(request.prefix(40))", answer.values)
            }
        }
    }

    /// Each security header once in `values` (a header's every value), with what it must say.
    private static func expectSecurityHeaders(on answer: String, _ values: (String) -> [String]) {
        for name in securityHeaders {
            #expect(values(name).count == 1, "\(name) on \(answer): \(values(name))")
        }
        #expect(values("X-Content-Type-Options").first == "nosniff", "on \(answer)")
        #expect(values("X-Frame-Options").first == "DENY", "on \(answer)")
        #expect(values("Referrer-Policy").first == "no-referrer", "on \(answer)")
        let policy = values("Content-Security-Policy").first ?? ""
        #expect(policy.contains("default-src 'self'") && policy.contains("frame-ancestors 'none'"), "\(policy) on \(answer)")
    }
}
