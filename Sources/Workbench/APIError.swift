import Foundation
import HTTPTypes
import Hummingbird
import NIOHTTP1
import Reports

/// A request the API cannot answer, as the client sees it: a status and one line that says
/// what to do, in `{"error": "..."}`.
struct APIError: HTTPResponseError {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONBody.response(["error": message], status: status)
    }

    static let noSuchSession = APIError(
        .notFound, "no such session; it may have been idle too long: create one with POST /api/sessions")
}

/// Answers every error thrown below it as JSON, so that no request, however malformed, gets
/// an empty or HTML answer: Hummingbird's own errors (an unknown path, a body too large)
/// keep their status with a message of ours.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPResponseError {
            return JSONBody.response(["error": Self.message(for: error.status, path: request.uri.path)], status: error.status)
        } catch let error as HTTPParserError {
            // A malformed request (a chunk size that is not hex, an unknown transfer coding) is
            // the client's mistake, not the server's, and nothing to log.
            return JSONBody.response(["error": "the request is not valid HTTP/1.1 (\(error)); send a well-formed request"],
                                     status: .badRequest)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)"])
            return JSONBody.response(["error": "the server could not answer: \(error)"], status: .internalServerError)
        }
    }

    static func message(for status: HTTPResponse.Status, path: String) -> String {
        switch status {
        case .notFound: "nothing at \(path); the API is described at /api/openapi.json"
        case .methodNotAllowed: "\(path) does not take this method; see /api/openapi.json"
        case .contentTooLarge: "the request body is too large"
        default: status.reasonPhrase.lowercased()
        }
    }
}

/// JSON responses, encoded as `repl --json` encodes its lines.
enum JSONBody {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: JSONLines.line(value))))
    }
}
