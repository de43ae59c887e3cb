import Testing
import Workbench

@Suite("Which hosts and redirects the server accepts")
struct AccessRulesTests {
    @Test("A Host header is a plain host[:port]; anything with userinfo, a path or spaces is not")
    func plainAuthority() {
        for good in ["localhost", "localhost:8080", "127.0.0.1:1", "[::1]:8080", "[::1]", "example.com", "a-b.example:65535"] {
            #expect(AccessRules.isPlainAuthority(good), "\(good)")
        }
        for bad in ["localhost:8080@evil.com", "evil.com@localhost", "localhost:80/x", "local host", "", ":8080",
                    "localhost:", "localhost:123456", "localhost:8o", "[::1", "[]:80", "[::1]x", "localhost,evil.com"] {
            #expect(!AccessRules.isPlainAuthority(bad), "\(bad)")
        }
    }

    @Test("Every 127.x.y.z address and the bound host are local; names that start with 127. are not")
    func localHosts() {
        for local in ["127.0.0.1", "127.0.0.2", "127.255.255.254", "localhost", "::1"] {
            #expect(AccessRules.isLocal(local, boundHost: "127.0.0.1"), "\(local)")
        }
        #expect(AccessRules.isLocal("myhost", boundHost: "myhost"))
        for other in ["127.evil.example", "127.0.0.1.evil.example", "127.0.0.256", "127.0.0", "128.0.0.1", "evil.example"] {
            #expect(!AccessRules.isLocal(other, boundHost: "127.0.0.1"), "\(other)")
        }
    }

    @Test("The token's redirect stays on this origin: leading slashes and backslashes become one")
    func sameOriginRedirect() {
        #expect(AccessRules.sameOriginPath("/") == "/")
        #expect(AccessRules.sameOriginPath("/watch") == "/watch")
        #expect(AccessRules.sameOriginPath("//evil.com/") == "/evil.com/")
        #expect(AccessRules.sameOriginPath("/\\evil.com") == "/evil.com")
        #expect(AccessRules.sameOriginPath("///\\//evil.com") == "/evil.com")
    }
}
