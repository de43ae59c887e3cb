import Charts
import CompanionFeed
import FileSystem
import Foundation
import HTTPTypes
import Hummingbird
import ImageCodec
import Imaging
import NIOHTTP1
import REPL
import Reports
import Session
import WordFrequency

/// The JSON API under `/api`: the REPL's session, one per tab, with the same output objects
/// as `repl --json`; the image set by id; uploads; the feed and its event stream.
/// `docs/web-api.md` and `/api/openapi.json` describe it for people and for tools.
struct WorkbenchAPI: Sendable {
    /// The longest side of the image the page shows; the boxes keep full-size coordinates.
    static let displaySide = 2048
    /// A command line is short; anything longer is not one.
    static let commandBytes = 4096

    let sessions: BrowserSessions
    let imageSet: [String]
    let feed: FeedEvents?
    let uploadLimit: Int
    /// The most pixels an upload may claim, checked from its header before it is decoded,
    /// when lower than the decoder's own limit (which every image is held to anyway).
    let uploadPixelLimit: Int?
    /// How the image set's images are named to the client.
    let names: DisplayNames
    let makeDriver: @Sendable () -> sending ReplDriver

    func add(to router: Router<BasicRequestContext>) {
        for (path, asset) in Assets.table {
            router.get(RouterPath(path)) { _, _ in Assets.response(asset) }
        }
        router.get("/api/filters") { _, _ in JSONBody.response(FilterCatalogue.current) }
        router.get("/api/images") { _, _ in
            JSONBody.response(["images": imageSet.enumerated().map {
                ImageEntry(id: $0.offset, name: PathEncoding.displayed(names.name(for: $0.element)))
            }])
        }
        router.post("/api/sessions") { request, _ in try await create(request) }
        router.get("/api/sessions/:session") { _, context in
            try await outputs(of: session(context)) { $0.perform(.status) }
        }
        router.delete("/api/sessions/:session") { _, context in
            guard sessions.remove(try context.parameters.require("session")) else { throw APIError.noSuchSession }
            return Response(status: .noContent)
        }
        router.post("/api/sessions/:session/commands") { request, context in
            let (line, command) = try await commandLine(request)
            // Parsed once here; a line the parser refuses is the session's to refuse, as in the REPL.
            return try await outputs(of: session(context)) { driver in command.map(driver.perform) ?? driver.handle(line) }
        }
        router.post("/api/sessions/:session/open/:image") { _, context in
            let path = try image(context.parameters.require("image"))
            return try await outputs(of: session(context)) { $0.perform(.open(path)) }
        }
        router.post("/api/sessions/:session/upload") { request, context in
            let session = try session(context)
            let upload = try await upload(request, into: session)
            let answer = await run(session) { $0.perform(.open(upload.path)) }
            // A refused upload is not kept; an opened one replaces the session's last.
            if answer.outputs.contains(where: \.isRecognition) {
                session.keepUpload(upload.path, bytes: upload.bytes)
            } else {
                session.discardUpload(upload.path, bytes: upload.bytes)
            }
            return respond(answer, session: session.id)
        }
        router.get("/api/sessions/:session/image") { _, context in try await displayImage(session(context)) }
        router.get("/api/sessions/:session/sweep/:chart") { _, context in
            try await sweepChart(session(context), chart: context.parameters.require("chart"))
        }
        router.get("/api/feed") { _, _ in try latestFeed() }
        router.get("/api/feed/events") { _, _ in
            guard let feed else { throw APIError(.notFound, "the server was started with --no-feed") }
            return Response(status: .ok,
                            headers: [.contentType: "text/event-stream", .cacheControl: "no-store",
                                      HTTPField.Name("X-Accel-Buffering")!: "no"],
                            body: ResponseBody(asyncSequence: feed.subscribe()))
        }
    }

    // MARK: Sessions

    private struct ImageEntry: Encodable {
        var id: Int
        var name: String
    }

    private struct Outputs: Encodable {
        var session: String?
        var outputs: [ReplOutput]
        /// The first refusal's message, when a command was refused.
        var error: String?
        /// The session's top words after a recognition, as `top` and the watch show them.
        var sessionTopWords: [WordCount]?
    }

    /// What a session said to one request, and its top words when it recognised something.
    private struct Answer: Sendable {
        var outputs: [ReplOutput]
        var sessionTopWords: [WordCount]?
    }

    private struct CreateRequest: Decodable {
        var image: Int?
    }

    private struct CommandRequest: Decodable {
        var command: String
    }

    private func create(_ request: Request) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: Self.commandBytes)
        let start = try body.readableBytes == 0 ? nil : decode(CreateRequest.self, from: body).image.map(imagePath)
        let session = sessions.create(makeDriver)
        return respond(await run(session) { $0.start(with: start) }, session: session.id, status: .created)
    }

    private func session(_ context: BasicRequestContext) throws -> BrowserSession {
        guard let session = sessions.session(try context.parameters.require("session")) else { throw APIError.noSuchSession }
        return session
    }

    private func outputs(of session: BrowserSession, _ work: @escaping @Sendable (ReplDriver) -> [ReplOutput]) async throws -> Response {
        respond(await run(session, work), session: session.id)
    }

    /// Runs `work` in the session, then asks for the session's top words if it recognised.
    private func run(_ session: BrowserSession, _ work: @escaping @Sendable (ReplDriver) -> [ReplOutput]) async -> Answer {
        let answer = await session.run { driver in
            let outputs = work(driver)
            guard outputs.contains(where: \.isRecognition), case .top(_, let words)? = driver.perform(.top).first?.content else {
                return Answer(outputs: outputs)
            }
            return Answer(outputs: outputs, sessionTopWords: words)
        }
        let outputs = session.shown(answer.outputs).map { output in
            guard case .refusal(let message) = output.content else { return output }
            var output = output
            output.content = .refusal(names.scrubbed(message))
            return output
        }
        return Answer(outputs: outputs, sessionTopWords: answer.sessionTopWords)
    }

    /// 200 with the outputs; 422 when the session refused the command, with its reason also
    /// as `error`, so that a script can test the status alone.
    private func respond(_ answer: Answer, session: String, status: HTTPResponse.Status = .ok) -> Response {
        let refusal = answer.outputs.lazy.compactMap { output -> String? in
            if case .refusal(let message) = output.content { return message }
            return nil
        }.first
        return JSONBody.response(Outputs(session: session, outputs: answer.outputs, error: refusal,
                                         sessionTopWords: answer.sessionTopWords),
                                 status: refusal == nil || status == .created ? status : .unprocessableContent)
    }

    /// The command line of a request: `{"command": "..."}`, or the body itself as text. A body
    /// that is a JSON object is read as one whatever its declared type (`curl -d` says it is a
    /// form): no command line starts with `{`. Paths never come from a client, so `open`,
    /// `save` and `quit` are refused here. Returns the line, and its command when it parses.
    private func commandLine(_ request: Request) async throws -> (line: String, command: SessionCommand?) {
        var request = request
        let body = try await request.collectBody(upTo: Self.commandBytes)
        let text = String(buffer: body)
        let isJSON = request.headers[.contentType]?.hasPrefix("application/json") == true
            || text.drop(while: \.isWhitespace).hasPrefix("{")
        let line = isJSON ? try decode(CommandRequest.self, from: body).command : text
        guard !line.contains(where: \.isNewline) else { throw APIError(.badRequest, "send one command per request") }
        // As the session's parser reads it (quotes, escapes and case included): what reaches
        // outside the session, a file or its end, is refused here.
        let command: SessionCommand?
        do {
            command = try SessionCommand.parse(line)
        } catch {
            // A command that takes a path is refused for what it is, whatever its path.
            if let word = (try? CommandWords.split(line))?.first, let spec = SessionCommand.vocabulary.spec(for: word),
               case .path = spec.argument {
                throw APIError(.badRequest, "\(spec.name) takes a path, which the web API does not accept: "
                               + "use /api/sessions/{session}/open/{image}, upload, or /api/sessions/{session}/image")
            }
            return (line, nil)
        }
        switch command {
        case .open?: throw APIError(.badRequest, "open takes a path, which the web API does not accept: "
                                    + "POST /api/sessions/{session}/open/{image} with an id from /api/images, or upload")
        case .save?: throw APIError(.badRequest, "save writes a file on the server, which the web API does not do: "
                                    + "GET /api/sessions/{session}/image")
        case .quit?: throw APIError(.badRequest, "to end a session, DELETE /api/sessions/{session}")
        default: return (line, command)
        }
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from body: ByteBuffer) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(buffer: body))
        } catch {
            throw APIError(.badRequest, "the body is not the JSON this address takes; see /api/openapi.json")
        }
    }

    // MARK: Images

    private func image(_ id: String) throws -> String {
        guard let number = Int(id) else { throw APIError(.badRequest, "an image id is a number from GET /api/images") }
        return try imagePath(number)
    }

    private func imagePath(_ id: Int) throws -> String {
        guard imageSet.indices.contains(id) else {
            throw APIError(.notFound, "no image \(id); GET /api/images lists the \(imageSet.count) there are")
        }
        return imageSet[id]
    }

    /// Writes an uploaded image into the session's folder as it arrives, so that no upload
    /// is held in memory: bounded by bytes (from Content-Length before anything is read, then
    /// as it is written), by the upload pixel limit from its header, and by the server's disk
    /// budget; the decoder's own limits are the loader's, as for any file. A refused upload
    /// leaves nothing behind.
    private func upload(_ request: Request, into session: BrowserSession) async throws -> (path: String, bytes: Int) {
        let megabytes = String(format: "%.0f MB", Double(uploadLimit) / 1_000_000)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > uploadLimit {
            throw APIError(.contentTooLarge, "the image is \(String(format: "%.1f MB", Double(length) / 1_000_000)); "
                           + "uploads are limited to \(megabytes) (--max-upload-megabytes)")
        }
        let name = UploadName.cleaned(request.headers[HTTPField.Name("X-Filename")!].map { $0.removingPercentEncoding ?? $0 }
                                      ?? UploadName.fallback)
        let path: String
        let file: UploadFile
        do {
            path = try session.uploadPath(named: name)
            file = try UploadFile(path: path)
        } catch {
            throw APIError(.internalServerError, "the server could not keep the upload: \(oneLineMessage(for: error))")
        }
        var written = 0
        var header: [UInt8] = []
        var headerChecked = uploadPixelLimit == nil
        do {
            for try await chunk in request.body {
                guard chunk.readableBytes <= uploadLimit - written else {
                    throw APIError(.contentTooLarge, "the image is larger than \(megabytes); uploads are limited to it (--max-upload-megabytes)")
                }
                if case .overServer(let kept, let limit) = session.reserveUpload(chunk.readableBytes) {
                    throw APIError(.init(code: 507, reasonPhrase: "Insufficient Storage"),
                                   UploadChecks.overBudgetMessage(kept: kept, limit: limit))
                }
                written += chunk.readableBytes
                try file.write(chunk)
                if !headerChecked, let uploadPixelLimit {
                    header += chunk.readableBytesView.prefix(UploadChecks.headerBytes - header.count)
                    if header.count >= UploadChecks.headerBytes {
                        try UploadChecks.checkPixels(header, name: name, limit: uploadPixelLimit)
                        headerChecked = true
                    }
                }
            }
            guard written > 0 else { throw APIError(.badRequest, "the upload is empty; send the image file's bytes") }
            if !headerChecked, let uploadPixelLimit { try UploadChecks.checkPixels(header, name: name, limit: uploadPixelLimit) }
            try file.finish()
        } catch {
            file.abandon()
            session.discardUpload(path, bytes: written)
            guard error is APIError || error is HTTPParserError else {
                throw APIError(.internalServerError, "the server could not keep the upload: \(oneLineMessage(for: error))")
            }
            throw error
        }
        return (path, written)
    }

    /// The current rendering as PNG, scaled down to `displaySide` if larger.
    private func displayImage(_ session: BrowserSession) async throws -> Response {
        let outputs = await session.run { $0.perform(.show) }
        guard let output = outputs.first, case .preview(let preview) = output.content else {
            throw APIError(.conflict, "no image yet; open one or upload one")
        }
        let png = try Self.displayPNG(preview.image)
        return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    static func displayPNG(_ image: RGBImage) throws -> [UInt8] {
        let side = max(image.width, image.height)
        guard side > displaySide else { return try PNGEncoder.encode(image) }
        return try PNGEncoder.encode(LanczosScale(factor: Double(displaySide) / Double(side)).apply(to: image, in: .sRGB))
    }

    /// `blur.svg`: the chart of `sweep blur` on the session's current image.
    private func sweepChart(_ session: BrowserSession, chart: String) async throws -> Response {
        guard chart.hasSuffix(".svg"), let filter = FilterKind(rawValue: String(chart.dropLast(4))) else {
            throw APIError(.notFound, "no chart \(chart); ask for FILTER.svg, e.g. blur.svg")
        }
        let outputs = await session.run { $0.perform(.sweep(filter)) }
        guard let output = outputs.first else { throw APIError(.internalServerError, "the sweep said nothing") }
        switch output.content {
        case .sweep(let summary):
            let svg = SweepChart.svg(summary.rows, plan: summary.plan, image: summary.image, partial: false)
            return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(string: svg)))
        case .refusal(let message):
            throw APIError(.conflict, message)
        default:
            throw APIError(.internalServerError, "the sweep answered with \(output.kind)")
        }
    }

    // MARK: Feed

    private func latestFeed() throws -> Response {
        guard let feed else { throw APIError(.notFound, "the server was started with --no-feed") }
        do {
            return JSONBody.response(try feed.reader.read())
        } catch {
            throw APIError(.notFound, "no feed yet at \(feed.reader.path): \(oneLineMessage(for: error))")
        }
    }
}
