import CoreTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import TestSupport
import Testing

/// Uploads through the web API, in process: what is opened, what is refused with which
/// status, and that nothing refused stays on disk.
@Suite("The web API's uploads")
struct UploadRoutesTests {
    private func upload(_ bytes: [UInt8], named name: String? = nil, to session: String, with client: Client,
                        headers: HTTPFields = [:]) async throws -> Reply {
        var headers = headers
        headers[.contentType] = "application/octet-stream"
        if let name { headers[HTTPField.Name("X-Filename")!] = name }
        return try await client.send(.post, "/api/sessions/\(session)/upload", headers: headers, body: bytes)
    }

    @Test("An uploaded image is opened in the session under the name it was sent with, and kept")
    func uploaded() async throws {
        let workbench = try InProcessWorkbench()
        try await workbench.test { client in
            let session = try await client.newSession()
            let reply = try await upload(try TestImages.png(width: 57), named: "scan%20one.png", to: session, with: client)
            #expect(reply.status == .ok)
            let recognition = try #require(try reply.outputs().first)
            #expect(recognition["kind"] as? String == "recognition")
            #expect(recognition["image"] as? String == "scan one.png", "the client's name, never the server's folder")
            #expect((recognition["text"] as? String)?.contains("size57") == true)
            #expect(!"\(try reply.object())".contains(workbench.uploads.path))
            #expect(workbench.uploadedFiles().map { URL(fileURLWithPath: $0).lastPathComponent } == ["scan one.png"])
            #expect(try await client.send(.delete, "/api/sessions/\(session)").status == .noContent)
            #expect(workbench.uploadedFiles().isEmpty, "a session's uploads go with it")
        }
    }

    @Test("A name with folders in it is cut to its file name")
    func nameWithFolders() async throws {
        try await InProcessWorkbench().test { client in
            let session = try await client.newSession()
            let reply = try await upload(try TestImages.png(width: 30), named: "../../etc/scan.png", to: session, with: client)
            #expect(try reply.outputs().first?["image"] as? String == "scan.png")
        }
    }

    @Test("A session keeps only its latest upload on disk")
    func latestOnly() async throws {
        let workbench = try InProcessWorkbench()
        try await workbench.test { client in
            let session = try await client.newSession()
            for width in [30, 31, 32] {
                #expect(try await upload(try TestImages.png(width: width), named: "w\(width).png", to: session, with: client).status == .ok)
            }
            #expect(workbench.uploadedFiles().map { URL(fileURLWithPath: $0).lastPathComponent } == ["w32.png"])
        }
    }

    @Test("An upload over the byte limit is refused with 413, from its Content-Length or as it arrives, and not kept")
    func overByteLimit() async throws {
        let workbench = try InProcessWorkbench { $0.uploadLimit = 1_000 }
        try await workbench.test { client in
            let session = try await client.newSession()
            let large = try TestImages.png(width: 900, height: 600) + [UInt8](repeating: 0, count: 2_000)
            let declared = try await upload(large, to: session, with: client, headers: [.contentLength: "\(large.count)"])
            #expect(declared.status == .contentTooLarge)
            #expect(try declared.error().contains("--max-upload-megabytes"))
            let streamed = try await upload(large, to: session, with: client)
            #expect(streamed.status == .contentTooLarge)
            #expect(try streamed.error().contains("--max-upload-megabytes"))
            #expect(workbench.uploadedFiles().isEmpty)
        }
    }

    @Test("An image over the upload pixel limit is refused with 422 from its header, before the engine sees it")
    func overPixelLimit() async throws {
        let workbench = try InProcessWorkbench { $0.uploadPixelLimit = 1_000 }
        try await workbench.test { client in
            let session = try await client.newSession()
            let before = workbench.recognizer.calls.load(ordering: .relaxed)
            let refused = try await upload(try TestImages.png(width: 100, height: 100), named: "big.png", to: session, with: client)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.isJSON)
            #expect(try !refused.error().isEmpty)
            #expect(workbench.recognizer.calls.load(ordering: .relaxed) == before)
            let small = try await upload(try TestImages.png(width: 30, height: 30), named: "small.png", to: session, with: client)
            #expect(small.status == .ok)
            #expect(workbench.uploadedFiles().map { URL(fileURLWithPath: $0).lastPathComponent } == ["small.png"])
        }
    }

    @Test("Bytes that are not an image are refused with 422, the session's refusal, and deleted")
    func notAnImage() async throws {
        let workbench = try InProcessWorkbench()
        try await workbench.test { client in
            let session = try await client.newSession()
            let refused = try await upload(Array("plain text, not an image".utf8), named: "notes.png", to: session, with: client)
            #expect(refused.status == .unprocessableContent)
            #expect(try refused.outputs().map { $0["kind"] as? String } == ["error"])
            #expect(try !refused.error().contains(workbench.uploads.path), "no server path in the refusal")
            #expect(workbench.uploadedFiles().isEmpty)
        }
    }

    @Test("An empty upload is refused with 400")
    func empty() async throws {
        let workbench = try InProcessWorkbench()
        try await workbench.test { client in
            let session = try await client.newSession()
            let refused = try await upload([], named: "empty.png", to: session, with: client)
            #expect(refused.status == .badRequest)
            #expect(try refused.error().contains("empty"))
            #expect(workbench.uploadedFiles().isEmpty)
        }
    }

    @Test("Uploads past the server's disk budget are refused with 507")
    func overBudget() async throws {
        let page = try TestImages.png(width: 40)
        // One page fits the budget, two do not.
        let workbench = try InProcessWorkbench { $0.uploadBudget = page.count * 3 / 2 }
        try await workbench.test { client in
            let first = try await client.newSession()
            let second = try await client.newSession()
            #expect(try await upload(page, named: "a.png", to: first, with: client).status == .ok)
            let refused = try await upload(page, named: "b.png", to: second, with: client)
            #expect(refused.status.code == 507)
            #expect(refused.isJSON)
            #expect(try !refused.error().isEmpty)
            #expect(workbench.uploadedFiles().map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.png"])
        }
    }

    @Test("A document's pages are moved through with page commands that keep the filters, and refused past the last")
    func pageMoves() async throws {
        let workbench = try InProcessWorkbench()
        let folder = try Paths.temporaryDirectory()
        let pages = try TestImages.files(widths: [60, 61], in: folder)
        try await TestDocuments.pdf(of: pages, at: folder + "/two.pdf")
        let pdf = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/two.pdf")))
        try await workbench.test { client in
            let session = try await client.newSession()
            let opened = try #require(try await upload(pdf, named: "two.pdf", to: session, with: client).outputs().first)
            #expect(opened["page"] as? Int == 1)
            #expect(opened["pageCount"] as? Int == 2)
            _ = try await client.command("blur", in: session)
            let next = try await client.command("page next", in: session)
            #expect(next.status == .ok)
            let second = try #require(try next.outputs().first)
            #expect(second["page"] as? Int == 2)
            #expect(second["segment"] as? String == "blur", "a page move keeps the filters")
            let past = try await client.command("page next", in: session)
            #expect(past.status == .unprocessableContent)
            #expect(try past.outputs().map { $0["kind"] as? String } == ["error"])
            let back = try #require(try await client.command("page 1", in: session).outputs().first)
            #expect(back["page"] as? Int == 1)
        }
    }
}
