import Hummingbird

/// The pages and their scripts and styles, compiled into the binary: nothing is read from
/// the file system to serve them, and nothing comes from another site.
enum Assets {
    struct Asset: Sendable {
        var bytes: [UInt8]
        var contentType: String
    }

    /// Every static address the server answers, with what it serves.
    static let table: [String: Asset] = [
        "/": .init(bytes: PackageResources.workbench_html, contentType: "text/html; charset=utf-8"),
        "/watch": .init(bytes: PackageResources.watch_html, contentType: "text/html; charset=utf-8"),
        "/assets/workbench.css": .init(bytes: PackageResources.workbench_css, contentType: "text/css; charset=utf-8"),
        "/assets/workbench.js": .init(bytes: PackageResources.workbench_js, contentType: "text/javascript; charset=utf-8"),
        "/assets/watch.css": .init(bytes: PackageResources.watch_css, contentType: "text/css; charset=utf-8"),
        "/assets/watch.js": .init(bytes: PackageResources.watch_js, contentType: "text/javascript; charset=utf-8"),
        "/api/openapi.json": .init(bytes: PackageResources.openapi_json, contentType: "application/json; charset=utf-8"),
    ]

    static func response(_ asset: Asset) -> Response {
        Response(status: .ok, headers: [.contentType: asset.contentType, .cacheControl: "no-cache"],
                 body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }
}
