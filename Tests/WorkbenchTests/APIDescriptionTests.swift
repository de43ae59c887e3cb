import Foundation
import Imaging
import REPL
import Testing

/// The API's description (`openapi.json`, served at /api/openapi.json) against the code: a
/// kind of output or a filter added on one side only fails here.
@Suite("The API's description")
struct APIDescriptionTests {
    /// The description as the server serves it: the file compiled into the binary.
    private func value(_ keys: String...) throws -> Any? {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let data = try Data(contentsOf: url.appendingPathComponent("Sources/Workbench/Assets/openapi.json"))
        let description = try JSONSerialization.jsonObject(with: data)
        return keys.reduce(description as Any?) { ($0 as? [String: Any])?[$1] }
    }

    @Test("It lists exactly the kinds of output the REPL driver emits")
    func kinds() throws {
        let documented = try #require(try value("components", "schemas", "Output", "properties", "kind", "enum") as? [String])
        #expect(Set(documented) == Set(ReplOutput.Kind.allCases.map(\.rawValue)))
        #expect(documented.count == Set(documented).count, "no kind twice")
    }

    @Test("It describes the page fields and the page command the workbench's page picker uses, and PDF uploads")
    func pages() throws {
        let output = try #require(try value("components", "schemas", "Output", "description") as? String)
        #expect(output.contains("page and pageCount"))
        let examples = try #require(try value("paths", "/api/sessions/{session}/commands", "post", "requestBody", "content",
                                              "application/json", "schema", "properties", "command", "examples") as? [String])
        #expect(examples.contains("page next"))
        let upload = try #require(try value("paths", "/api/sessions/{session}/upload", "post", "requestBody", "content")
            as? [String: Any])
        #expect(upload["application/pdf"] != nil)
    }

    @Test("It describes the filter list the workbench builds its controls from")
    func filters() throws {
        let filters = try #require(try value("paths", "/api/filters", "get", "responses", "200") as? [String: Any])
        #expect(filters["description"] != nil)
    }
}
