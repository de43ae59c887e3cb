import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import Reports

/// Gives the answer to a request whose head does not parse the JSON body every other error
/// has. Such a request never reaches the router: the HTTP decoder fails.
///
/// Between requests, where a bad head comes (the first request's, or the next one on a kept
/// connection), this handler answers it, on the connection's event loop, once every request
/// before it has its answer: Hummingbird would answer from the connection's task, with a bare
/// `400`, and a task waits its turn among all the others, past the connection's header
/// deadline when they are many. It then closes its side of the connection and drops what the
/// client still sends until the client closes its side, or the deadline ends the connection:
/// closed at once with a long head's unread bytes in its buffer, the connection would be
/// reset, and the client's system may drop the answer before it is read.
///
/// Inside a request (a body whose chunks do not parse), the router is reading that request and
/// the error goes on to it; the bare `400` Hummingbird then writes is given its JSON body here.
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

    /// Whether a request's head has come and its end not yet.
    private var requestOpen = false
    /// Requests whose head has come and whose answer has not ended.
    private var unanswered = 0
    /// A bad head after requests not yet answered, answered after them.
    private var badHead: HTTPParserError?
    /// Whether a bad head has been answered here: what the decoder says afterwards is dropped.
    private var answered = false
    /// The decoder's error inside a request, until the bare answer to it is written.
    private var parseError: HTTPParserError?
    /// The body to write before the end of the answer being rewritten.
    private var pendingBody: ByteBuffer?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            requestOpen = true
            unanswered += 1
        case .end: requestOpen = false
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if answered || badHead != nil, error is HTTPParserError || error is ByteToMessageDecoderError {
            // The bytes that follow a bad head: the decoder refuses each read of them.
            return
        }
        guard let error = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        if requestOpen {
            parseError = error
            context.fireErrorCaught(error)
        } else if unanswered > 0 {
            badHead = error
        } else {
            answer(error, context: context)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status == .badRequest && parseError != nil
            && head.headerFields[.contentLength] == "0":
            let (status, body) = Self.answer(to: parseError.unsafelyUnwrapped)
            parseError = nil
            pendingBody = body
            context.write(wrapOutboundOut(.head(Self.head(status, body: body, fields: head.headerFields))), promise: promise)
        case .head:
            // An answer of the router's (to an error in a body): it has its own JSON body.
            parseError = nil
            context.write(data, promise: promise)
        case .end:
            if let pendingBody {
                context.write(wrapOutboundOut(.body(pendingBody)), promise: nil)
                self.pendingBody = nil
            }
            context.write(data, promise: promise)
            unanswered = max(0, unanswered - 1)
            if unanswered == 0, let badHead {
                self.badHead = nil
                answer(badHead, context: context)
            }
        case .body:
            context.write(data, promise: promise)
        }
    }

    /// Writes the whole answer to `error` and closes the server's side of the connection.
    private func answer(_ error: HTTPParserError, context: ChannelHandlerContext) {
        answered = true
        let (status, body) = Self.answer(to: error)
        context.write(wrapOutboundOut(.head(Self.head(status, body: body, fields: [.connection: "close"]))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let context = context.loopBound
        context.value.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            context.value.close(mode: .output, promise: nil)
        }
    }

    /// The head of an answer with the JSON `body`, over `fields`.
    private static func head(_ status: HTTPResponse.Status, body: ByteBuffer, fields: HTTPFields) -> HTTPResponse {
        var fields = fields
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        fields[.contentLength] = String(body.readableBytes)
        return HTTPResponse(status: status, headerFields: fields)
    }

    /// The status and the JSON body of the answer to a head that failed to parse with `error`.
    static func answer(to error: HTTPParserError) -> (HTTPResponse.Status, ByteBuffer) {
        let (status, message): (HTTPResponse.Status, String) = switch error {
        case .headerOverflow:
            (.requestHeaderFieldsTooLarge,
             "the request's head (its address and header fields together) is over \(headLimit / 1024) KB; "
             + "send a shorter address or fewer header fields")
        default:
            (.badRequest, "the request is not valid HTTP/1.1 (\(error)); send a well-formed request")
        }
        return (status, ByteBuffer(string: JSONLines.line(["error": message])))
    }
}
