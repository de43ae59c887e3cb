import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import Reports

/// Gives the answer to a request whose head does not parse the JSON body every other error
/// has. Such a request never reaches the router: the HTTP decoder fails, and Hummingbird
/// answers with a bare `400` and no body of its own. This handler sees the decoder's error
/// go by, then turns that bare answer into `{"error": "..."}` saying what was wrong.
///
/// A head over the decoder's limit (an address of 100 KB, or header fields that add up to
/// more) is answered `431 Request Header Fields Too Large`: the limit is on the head as a
/// whole, address and fields together, as Go's `MaxHeaderBytes` is, so 414 would be true
/// only of some of the requests it refuses.
final class ParseErrorAnswerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The most bytes of a request's head (request line and header fields) the decoder reads.
    static let headLimit = 80 * 1024

    /// The decoder's error, until the bare answer to it is written.
    private var parseError: HTTPParserError?
    /// The body to write before the end of the answer being rewritten.
    private var pendingBody: ByteBuffer?

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? HTTPParserError { parseError = error }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status == .badRequest && parseError != nil
            && head.headerFields[.contentLength] == "0":
            let (status, message) = Self.answer(to: parseError.unsafelyUnwrapped)
            parseError = nil
            let body = ByteBuffer(string: JSONLines.line(["error": message]))
            var fields = head.headerFields
            fields[.contentType] = "application/json; charset=utf-8"
            fields[.cacheControl] = "no-store"
            fields[.contentLength] = String(body.readableBytes)
            pendingBody = body
            context.write(wrapOutboundOut(.head(HTTPResponse(status: status, headerFields: fields))), promise: promise)
        case .head:
            // An answer of the router's (to an error in a body): it has its own JSON body.
            parseError = nil
            context.write(data, promise: promise)
        case .end where pendingBody != nil:
            context.write(wrapOutboundOut(.body(pendingBody.unsafelyUnwrapped)), promise: nil)
            pendingBody = nil
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }

    /// The status and the line for a head that failed to parse with `error`.
    static func answer(to error: HTTPParserError) -> (HTTPResponse.Status, String) {
        switch error {
        case .headerOverflow:
            (.requestHeaderFieldsTooLarge,
             "the request's head (its address and header fields together) is over \(headLimit / 1024) KB; "
             + "send a shorter address or fewer header fields")
        default:
            (.badRequest, "the request is not valid HTTP/1.1 (\(error)); send a well-formed request")
        }
    }
}
