import Core
import CoreTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOEmbedded
import REPL
import TestSupport
import Threading
import Testing
import Workbench

/// The workbench's routes as `filterocr serve` builds them, answered in process (no port) by a
/// fake engine, over an image set of three small PNGs in a temporary folder.
struct InProcessWorkbench {
    var configuration: WorkbenchServer.Configuration
    let imageFolder: String
    let uploads: URL
    let recognizer = FakeRecognizer()

    /// - Parameter configure: changes to the server's configuration (its limits).
    init(_ configure: (inout WorkbenchServer.Configuration) -> Void = { _ in }) throws {
        imageFolder = try Paths.temporaryDirectory()
        uploads = URL(fileURLWithPath: try Paths.temporaryDirectory(), isDirectory: true).appendingPathComponent("uploads")
        configuration = WorkbenchServer.Configuration(settings: RecognitionSettings())
        configuration.imageSet = try TestImages.files(widths: [40, 41, 42], in: imageFolder)
        configuration.imageFolder = imageFolder
        configure(&configuration)
    }

    /// Runs `requests` against the routes.
    func test(_ requests: @Sendable (Client) async throws -> Void) async throws {
        let (configuration, recognizer) = (configuration, recognizer)
        let router = WorkbenchServer.router(configuration: configuration, uploads: uploads, feed: nil,
                                            names: DisplayNames(imageFolder: imageFolder, uploads: uploads.path)) {
            SessionSetup(settings: configuration.settings, recognizer: recognizer, cacheBytes: 1 << 24, truth: .none,
                         images: configuration.imageSet, publisher: nil).makeDriver()
        }
        try await requests(Client(responder: router.buildResponder()))
    }

    /// Every file under the uploads folder, at any depth.
    func uploadedFiles() -> [String] {
        let found = FileManager.default.enumerator(atPath: uploads.path)?.allObjects as? [String] ?? []
        return found.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: uploads.path + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}

/// Requests as a script sends them, answered by the routes in process (no socket, none of the
/// channel handlers in front of them: `LiveWorkbench` has those), answers read as JSON.
struct Client: Sendable {
    let responder: RouterResponder<BasicRequestContext>

    func send(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: [UInt8]? = nil) async throws -> Reply {
        var fields = headers
        if let body { fields[.contentLength] = String(body.count) }
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path, headerFields: fields),
                              body: RequestBody(buffer: ByteBuffer(bytes: body ?? [])))
        let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(),
                                                                                  logger: Logger(label: "workbench-tests")))
        // What the server makes of an error no route turned into an answer.
        let response = (try? await responder.respond(to: request, context: context)) ?? Response(status: .internalServerError)
        let collected = CollectedBody()
        try await response.body.write(collected)
        return Reply(status: response.status, headers: response.headers, body: collected.bytes.withLock { $0 })
    }

    func send(_ method: HTTPRequest.Method, _ path: String, json: String) async throws -> Reply {
        try await send(method, path, headers: [.contentType: "application/json"], body: Array(json.utf8))
    }

    /// A new session on image `image` of the set; its id.
    func newSession(on image: Int = 0) async throws -> String {
        let reply = try await send(.post, "/api/sessions", json: #"{"image": \#(image)}"#)
        #expect(reply.status == .created)
        return try #require(try reply.object()["session"] as? String)
    }

    /// The command line `line` in `session`.
    func command(_ line: String, in session: String) async throws -> Reply {
        try await send(.post, "/api/sessions/\(session)/commands", json: #"{"command": "\#(line)"}"#)
    }
}

/// One answer.
struct Reply: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: [UInt8]

    func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], "\(String(decoding: body, as: UTF8.self))")
    }

    /// The output objects, as `repl --json` writes them.
    func outputs() throws -> [[String: Any]] {
        try #require(try object()["outputs"] as? [[String: Any]])
    }

    /// The `error` of a refusal.
    func error() throws -> String {
        try #require(try object()["error"] as? String)
    }

    var isJSON: Bool { headers[.contentType]?.hasPrefix("application/json") == true }
}

/// An answer's body as the routes write it.
private struct CollectedBody: ResponseBodyWriter {
    let bytes = Locked<[UInt8]>([])

    func write(_ buffer: ByteBuffer) async throws {
        bytes.withLock { $0 += buffer.readableBytesView }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
