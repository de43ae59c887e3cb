import Foundation
import HTTPTypes
import Hummingbird

/// Who may talk to the server, and the headers every answer carries.
///
/// On loopback (the default) only requests that name a loopback host, or the host the server
/// is bound to, are answered, so a web page elsewhere cannot reach the server by pointing a
/// name of its own at 127.0.0.1 (DNS rebinding). On any other address every request needs the
/// access token: in the `Authorization` header, in the cookie the first page load sets, or as
/// `?token=` on a page's address, which is then moved into the cookie and out of the address
/// bar. A request that changes something and comes from a page of another origin is refused
/// either way.
struct AccessGuard<Context: RequestContext>: RouterMiddleware {

    /// Required of every request when set.
    let token: String?
    /// The host the server listens on, which its printed address names.
    let boundHost: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await decide(request, context: context, next: next)
        } catch let error as APIError {
            // A refusal is an answer too, and carries the same headers as any other.
            response = try error.response(from: request, context: context)
        }
        response.headers.append(contentsOf: AccessRules.securityHeaders)
        return response
    }

    private func decide(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1 puts the first Host header in the authority and leaves any other among the
        // headers, where nothing would check it.
        if request.headers[AccessRules.hostField] != nil {
            throw APIError(.badRequest, "a request names one Host")
        }
        guard let authority = request.head.authority, AccessRules.isPlainAuthority(authority) else {
            throw APIError(.badRequest, "the Host header must be a host name or address, with an optional :port")
        }
        if token == nil, !AccessRules.isLocal(AccessRules.hostName(authority), boundHost: boundHost) {
            throw APIError(.forbidden, "this server answers only to localhost, 127.0.0.1 and the address it listens on; "
                           + "serve other machines with --host, which needs the access token")
        }
        if request.method != .get, request.method != .head, let origin = request.headers[.origin],
           origin != "http://\(authority)" {
            throw APIError(.forbidden, "requests from another site's page are refused (Origin \(origin))")
        }
        guard let token else { return try await next(request, context) }
        let query = request.uri.queryParameters["token"].map(String.init)
        let isAPI = request.uri.path.hasPrefix("/api/")
        if query != nil, isAPI {
            // An address with the token ends up in logs and histories; it is for the first page load only.
            throw APIError(.unauthorized, "the API takes the access token in Authorization: Bearer TOKEN "
                           + "(or the page's cookie), not in the address")
        }
        if let query, AccessRules.same(query, token), request.method == .get || request.method == .head {
            // A page's token leaves the address bar (and the history) for a cookie.
            var response = Response(status: .seeOther, headers: [.location: AccessRules.sameOriginPath(request.uri.path),
                                                                 .cacheControl: "no-store"])
            response.setCookie(.init(name: AccessRules.cookieName, value: token, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let presented = bearer ?? request.cookies[AccessRules.cookieName]?.value, AccessRules.same(presented, token) else {
            throw APIError(.unauthorized, "this server needs its access token: open the address it printed "
                           + "(with ?token=...), or send Authorization: Bearer TOKEN")
        }
        return try await next(request, context)
    }
}
