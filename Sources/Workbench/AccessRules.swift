import HTTPTypes

/// The rules `AccessGuard` applies, apart from any request.
package enum AccessRules {
    package static let cookieName = "filterocr_token"
    /// The names a browser on this machine reaches a loopback server by (with any 127.x.y.z).
    package static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "::1"]
    static let hostField = HTTPField.Name("Host")!

    /// The headers every answer carries.
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Frame-Options")!: "DENY",
    ]

    /// Whether `host` (as `hostName` gives it) names this machine: a loopback name, any
    /// address of 127.0.0.0/8 (all of it is loopback), or the host the server is bound to.
    package static func isLocal(_ host: String, boundHost: String) -> Bool {
        loopbackHosts.contains(host) || isLoopbackIPv4(host) || host == hostName(boundHost)
    }

    /// A dotted IPv4 address in 127.0.0.0/8; not a name that starts with "127.".
    package static func isLoopbackIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                && (UInt16(part).map { $0 <= 255 } ?? false)
        }
    }

    /// Whether a Host header is a plain `host[:port]`: a name or IPv4 address of letters,
    /// digits, dots and hyphens, or a bracketed IPv6 address, then at most a numeric port.
    /// Anything else (`localhost:8080@evil.com`, spaces, a path) is not a host.
    package static func isPlainAuthority(_ authority: String) -> Bool {
        var rest = Substring(authority)
        if rest.hasPrefix("[") {
            guard let end = rest.firstIndex(of: "]") else { return false }
            let address = rest[rest.index(after: rest.startIndex)..<end]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
            rest = rest[rest.index(after: end)...]
        } else {
            let name = rest.prefix { $0 != ":" }
            guard !name.isEmpty, name.utf8.count <= 253,
                  name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else { return false }
            rest = rest[name.endIndex...]
        }
        guard !rest.isEmpty else { return true }
        let port = rest.dropFirst()
        return rest.first == ":" && (1...5).contains(port.count) && port.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The host of a `Host` header, without the port and the brackets of an IPv6 address.
    package static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end]).lowercased()
        }
        // A bare IPv6 address has no port to take off.
        if authority.filter({ $0 == ":" }).count > 1 { return authority.lowercased() }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "").lowercased()
    }

    /// `path` as a redirect that stays on this server: browsers read `//host/` and `/\host/`
    /// as another site's address, so leading slashes and backslashes become one `/`.
    package static func sameOriginPath(_ path: String) -> String {
        "/" + path.drop { $0 == "/" || $0 == "\\" }
    }

    /// Compares in time that does not depend on where the strings first differ.
    package static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
