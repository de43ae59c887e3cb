import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Puts the security headers on answers written outside the router, where `AccessGuard`
/// cannot: `ParseErrorAnswerHandler`'s answers to heads that do not parse, and Hummingbird's
/// bare 400 to a body that does not.
final class SecurityHeadersHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data), head.headerFields[.contentSecurityPolicy] == nil else {
            context.write(data, promise: promise)
            return
        }
        head.headerFields.append(contentsOf: AccessRules.securityHeaders)
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}
