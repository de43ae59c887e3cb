import Foundation
import HTTPTypes
import Hummingbird

/// Who may talk to the server, and the headers every answer carries.
///
/// On loopback (the default) only requests that name a loopback host are answered, so a web
/// page elsewhere cannot reach the server by pointing a name of its own at 127.0.0.1 (DNS
/// rebinding). On any other address every request needs the access token: in the
/// `Authorization` header, in the cookie the first page load sets, or as `?token=` on a page's
/// address, which is then moved into the cookie and out of the address bar. A request that
/// changes something and comes from a page of another origin is refused either way.
struct AccessGuard<Context: RequestContext>: RouterMiddleware {

    /// Required of every request when set.
    let token: String?

    static var securityHeaders: HTTPFields {
        [
            .contentSecurityPolicy: "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
                + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
            .xContentTypeOptions: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
            HTTPField.Name("X-Frame-Options")!: "DENY",
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await decide(request, context: context, next: next)
        response.headers.append(contentsOf: Self.securityHeaders)
        return response
    }

    private func decide(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let host = AccessRules.hostName(request.head.authority ?? "")
        if token == nil, !AccessRules.loopbackHosts.contains(host) {
            throw APIError(.forbidden, "this server answers only to localhost and 127.0.0.1; "
                           + "serve other machines with --host, which needs the access token")
        }
        if request.method != .get, request.method != .head, let origin = request.headers[.origin],
           origin != "http://\(request.head.authority ?? "")" {
            throw APIError(.forbidden, "requests from another site's page are refused (Origin \(origin))")
        }
        guard let token else { return try await next(request, context) }
        let query = request.uri.queryParameters["token"].map(String.init)
        if let query, AccessRules.same(query, token), request.method == .get, !request.uri.path.hasPrefix("/api/") {
            // A page's token leaves the address bar (and the history) for a cookie.
            var response = Response(status: .seeOther, headers: [.location: request.uri.path, .cacheControl: "no-store"])
            response.setCookie(.init(name: AccessRules.cookieName, value: token, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let presented = bearer ?? request.cookies[AccessRules.cookieName]?.value ?? query, AccessRules.same(presented, token) else {
            throw APIError(.unauthorized, "this server needs its access token: open the address it printed "
                           + "(with ?token=...), or send Authorization: Bearer TOKEN")
        }
        return try await next(request, context)
    }
}

/// The rules `AccessGuard` applies, apart from any request.
package enum AccessRules {
    package static let cookieName = "filterocr_token"
    /// The names a browser on this machine reaches a loopback server by.
    package static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "::1"]

    /// The host of a `Host` header, without the port and the brackets of an IPv6 address.
    package static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        // A bare IPv6 address has no port to take off.
        if authority.filter({ $0 == ":" }).count > 1 { return authority.lowercased() }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "").lowercased()
    }

    /// Compares in time that does not depend on where the strings first differ.
    package static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
