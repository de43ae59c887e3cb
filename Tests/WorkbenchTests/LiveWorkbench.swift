#if canImport(Glibc)
import Glibc
#endif
import Core
import CoreTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import REPL
import ServiceLifecycle
import TestSupport
import Testing
import Workbench

/// The server `filterocr serve` runs (`WorkbenchServer.application`: the routes behind the
/// channel handlers that guard the socket, the security headers, the answers to heads that do
/// not parse), on a live socket on a port the system chooses, with a fake engine. The handlers
/// are internal to Workbench, so the tests reach them as a client does: over sockets to that
/// port, one of them kept open from the start (`KeptConnection`).
///
/// The server, its client and the test run on Swift's shared threads, which no test of the
/// run holds while it waits (for a child process, a socket or time), and the deadlines are
/// minutes unless a test sets them: what is tested is what the server does on the socket,
/// which the run's other tests must not decide.
enum LiveWorkbench {
    /// Longer than the other tests of a run can keep a task of the server's waiting.
    static let patientDeadline: Duration = .seconds(600)

    /// Serves with `configure`'s changes to the configuration, runs `body` with a client (one
    /// kept connection, opened at the start) and the port, then stops the server.
    static func test(_ configure: (inout WorkbenchServer.Configuration) -> Void = { _ in },
                     _ body: @Sendable (_ client: KeptConnection, _ port: Int) async throws -> Void) async throws {
        var configuration = WorkbenchServer.Configuration(settings: RecognitionSettings())
        configuration.truth = .none
        configuration.headerTimeout = patientDeadline
        configuration.bodyTimeout = patientDeadline
        configuration.idleTimeout = patientDeadline
        configure(&configuration)
        let uploads = URL(fileURLWithPath: try Paths.temporaryDirectory(), isDirectory: true).appendingPathComponent("uploads")
        let names = DisplayNames(imageFolder: configuration.imageFolder, uploads: uploads.path)
        let feed = configuration.feedPath.map { FeedEvents(path: $0) }
        let recognizer = FakeRecognizer()
        let settings = configuration.settings
        let router = WorkbenchServer.router(configuration: configuration, uploads: uploads, feed: feed, names: names) {
            SessionSetup(settings: settings, recognizer: recognizer, cacheBytes: 1 << 24, truth: .none, images: [],
                         publisher: nil).makeDriver()
        }
        // The feed's events run beside the server, as in `run`, and end before the server stops:
        // it waits for its open answers, and an event stream's answer ends only with the stream.
        let following = feed.map { feed in Task { try await feed.run() } }
        defer { following?.cancel() }
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let application = OnAnyPort(base: WorkbenchServer.application(configuration: configuration, router: router), listening: listening)
        let services = ServiceGroup(configuration: .init(services: [application], logger: Logger(label: "workbench-tests")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await services.run() }
            do {
                var waiting = ports.makeAsyncIterator()
                let port = try #require(await waiting.next(), "the server did not start")
                let client = try KeptConnection(port: port)
                try await body(client, port)
                following?.cancel()
                await services.triggerGracefulShutdown()
            } catch {
                following?.cancel()
                await services.triggerGracefulShutdown()
                throw error
            }
            try await tasks.waitForAll()
        }
    }
}

/// The workbench's server on a port the system chooses, on the loopback address the tests
/// connect to, saying which port once it listens.
private struct OnAnyPort<Base: ApplicationProtocol>: ApplicationProtocol, Service {
    let base: Base
    let listening: AsyncStream<Int>.Continuation

    var responder: Base.Responder { get async throws { try await base.responder } }
    var server: HTTPServerBuilder { base.server }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    var configuration: ApplicationConfiguration { base.configuration.with(address: .hostname("localhost", port: 0)) }
    var logger: Logger { base.logger }
    var services: [any Service] { base.services }
    var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
        if let port = channel.localAddress?.port { listening.yield(port) }
        listening.finish()
    }
}

/// A client's connection kept open from the server's start, sending requests and reading the
/// answers in turn, as a browser's or an HTTP library's does: a request on a connection the
/// server has closed throws.
final class KeptConnection: Sendable {
    struct Closed: Error, CustomStringConvertible {
        var description: String { "the server closed the connection, or did not answer" }
    }

    struct Response: Sendable {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: [UInt8]
    }

    private let connection: RawConnection
    private let port: Int

    init(port: Int) throws {
        (connection, self.port) = (try RawConnection(port: port), port)
    }

    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: [UInt8]? = nil) async throws -> Response {
        let fields = headers.map { "\($0.name.rawName): \($0.value)" }
        guard await connection.request(method.rawValue, uri, port: port, headers: fields,
                                       body: body.map { String(decoding: $0, as: UTF8.self) } ?? ""),
              let answer = await connection.readAnswer() else { throw Closed() }
        var answered = HTTPFields()
        for field in answer.fields {
            if let name = HTTPField.Name(field.name) { answered.append(HTTPField(name: name, value: field.value)) }
        }
        return Response(status: HTTPResponse.Status(code: answer.status), headers: answered, body: answer.body)
    }
}

/// One plain TCP connection to the server, written and read as raw bytes, so that a test can
/// send what no HTTP client would (half a head, a bad request line) and see exactly what comes
/// back, and when the server closes it. Every wait is on the socket, with a safety limit.
final class RawConnection: Sendable {
    /// What reading the connection until the server closes it gave.
    struct Ending: Sendable {
        var bytes: [UInt8]
        /// Whether the server closed the connection (rather than the time running out).
        var closed: Bool
        /// Seconds from the start of the read to the close.
        var seconds: Double
    }

    private let descriptor: Int32
    /// When the connection was made.
    let opened = ContinuousClock.now

    /// A connection to `port` on `localhost`, the host the live framework serves on: to each of
    /// its addresses in turn until one accepts.
    init(port: Int) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo("localhost", String(port), &hints, &found)
        guard status == 0 else {
            throw NotConnected(description: "cannot resolve localhost: \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(found) }
        var reason = "no address"
        var candidate = found
        while let address = candidate?.pointee {
            candidate = address.ai_next
            let descriptor = socket(address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.ai_protocol)
            guard descriptor >= 0 else {
                reason = String(cString: strerror(errno))
                continue
            }
            if connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 {
                self.descriptor = descriptor
                return
            }
            reason = String(cString: strerror(errno))
            close(descriptor)
        }
        throw NotConnected(description: "cannot connect to localhost:\(port): \(reason)")
    }

    struct NotConnected: Error, CustomStringConvertible {
        var description: String
    }

    deinit { close(descriptor) }

    /// Makes closing this connection reset it (`SO_LINGER` of 0), as a client that is killed or
    /// loses its network does, rather than end it in order.
    func resetWhenClosed() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }

    /// Sends `bytes`; false when the server has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) async -> Bool {
        await OwnThread.wait { [descriptor] in
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }
    }

    @discardableResult
    func send(_ text: String) async -> Bool { await send(Array(text.utf8)) }

    /// A request with the Host header the server answers to.
    @discardableResult
    func request(_ method: String, _ path: String, port: Int, headers: [String] = [], body: String = "") async -> Bool {
        let lines = ["\(method) \(path) HTTP/1.1", "Host: localhost:\(port)"] + headers
            + (body.isEmpty ? [] : ["Content-Length: \(body.utf8.count)"])
        return await send(lines.joined(separator: "\r\n") + "\r\n\r\n" + body)
    }

    /// Everything the server sends until it closes the connection, or `patience` seconds pass.
    func readUntilClosed(patience: Double = 30) async -> Ending {
        await OwnThread.wait { [descriptor] in
            let start = Date()
            var bytes: [UInt8] = []
            while true {
                let left = patience - Date().timeIntervalSince(start)
                guard left > 0, Self.waitReadable(descriptor, seconds: left) else {
                    return Ending(bytes: bytes, closed: false, seconds: Date().timeIntervalSince(start))
                }
                switch Self.receive(descriptor) {
                case .some(let chunk) where !chunk.isEmpty: bytes += chunk
                default: return Ending(bytes: bytes, closed: true, seconds: Date().timeIntervalSince(start))
                }
            }
        }
    }

    /// Whether the server closes the connection within `seconds`; what it sent meanwhile is dropped.
    func closes(within seconds: Double) async -> Bool {
        await readUntilClosed(patience: seconds).closed
    }

    /// The next answer's head, and its body when it has a length; nil if the connection
    /// closed or `patience` seconds passed first.
    func readAnswer(patience: Double = 30) async -> Answer? {
        await OwnThread.wait { [descriptor] in
            let start = Date()
            var bytes: [UInt8] = []
            while true {
                if let answer = Answer(bytes), answer.isComplete { return answer }
                let left = patience - Date().timeIntervalSince(start)
                guard left > 0, Self.waitReadable(descriptor, seconds: left),
                      let chunk = Self.receive(descriptor), !chunk.isEmpty else {
                    return Answer(bytes).flatMap { $0.isComplete ? $0 : nil }
                }
                bytes += chunk
            }
        }
    }

    /// Sends a byte of a head that never ends every `pace` seconds until the server closes the
    /// connection, or `patience` seconds pass; whether it closed, and after how long.
    func dribble(pace: Double, patience: Double = 30) async -> Ending {
        await OwnThread.wait { [descriptor] in
            let start = Date()
            let head = Array("GET /api/filters HTTP/1.1\r\nX-Slow: ".utf8)
            var index = 0
            while Date().timeIntervalSince(start) < patience {
                let byte = index < head.count ? head[index] : UInt8(ascii: "a")
                index += 1
                if [byte].withUnsafeBytes({ Glibc.send(descriptor, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }) != 1 {
                    return Ending(bytes: [], closed: true, seconds: Date().timeIntervalSince(start))
                }
                // The pace is the client's slowness; what ends the loop is the server closing.
                if Self.waitReadable(descriptor, seconds: pace) {
                    let chunk = Self.receive(descriptor)
                    return Ending(bytes: chunk ?? [], closed: chunk?.isEmpty ?? true, seconds: Date().timeIntervalSince(start))
                }
            }
            return Ending(bytes: [], closed: false, seconds: Date().timeIntervalSince(start))
        }
    }

    /// Whether `descriptor` has something to read (or was closed) within `seconds`.
    private static func waitReadable(_ descriptor: Int32, seconds: Double) -> Bool {
        var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(max(0, seconds * 1000).rounded(.up), Double(Int32.max)))
        while true {
            let ready = poll(&polled, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    /// What is there to read: empty at the end of the stream, nil when the server reset it.
    private static func receive(_ descriptor: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count < 0 ? nil : Array(buffer[..<count])
    }
}

/// An HTTP/1.1 answer as it came over the wire.
struct Answer: Sendable {
    var status: Int
    /// The header fields in order, as sent.
    var fields: [(name: String, value: String)]
    var body: [UInt8]
    /// Whether the body is all there (by its Content-Length; an answer without one is taken as it is).
    var isComplete: Bool

    /// The answer at the start of `bytes`; nil while its head is incomplete.
    init?(_ bytes: [UInt8]) {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else { return nil }
        self.status = status
        fields = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let rest = Array(bytes[(end + separator.count)...])
        let length = fields.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) }
        body = length.map { Array(rest.prefix($0)) } ?? rest
        isComplete = length.map { rest.count >= $0 } ?? true
        byteCount = end + separator.count + body.count
    }

    /// Its bytes on the wire, head and body.
    var byteCount: Int

    /// The answers one after another in `bytes`, as a connection's requests get them.
    static func all(in bytes: [UInt8]) -> [Answer] {
        var answers: [Answer] = []
        var rest = bytes[...]
        while let answer = Answer(Array(rest)), answer.isComplete {
            answers.append(answer)
            rest = rest.dropFirst(answer.byteCount)
        }
        return answers
    }

    /// Every value of the field `name`, whatever its case.
    func values(_ name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The `error` of a JSON body.
    var error: String? {
        (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["error"] as? String
    }
}
