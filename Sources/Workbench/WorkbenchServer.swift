import FilterOCRKit
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// `filterocr serve`: the workbench and the watch pages and their API, over one set of
/// engines that every tab's session shares.
public struct WorkbenchServer: Sendable {
    public struct Configuration: Sendable {
        public var host = "127.0.0.1"
        public var port = 8080
        /// The images `next` and the image picker choose from.
        public var imageSet: [String] = []
        /// The feed the sessions publish to and the watch page follows; nil for none.
        public var feedPath: String?
        /// Required of every request when set: for any host that is not loopback.
        public var token: String?
        public var maxSessions = 16
        public var idleLimit: Duration = .seconds(30 * 60)
        public var uploadLimit = 25_000_000
        /// Memory for each session's rendered images.
        public var sessionCacheBytes = 256 << 20
        /// Engines recognising at once, for all sessions together.
        public var engines = ProcessInfo.processInfo.activeProcessorCount
        public var settings: RecognitionSettings
        public var truth: TruthSource = .sidecar
        public var factory: RecognizerFactory = RecognitionSettings.tesseract

        public init(settings: RecognitionSettings) {
            self.settings = settings
        }
    }

    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Whether `host` is reachable only from this machine.
    public static func isLoopback(_ host: String) -> Bool {
        AccessRules.loopbackHosts.contains(AccessRules.hostName(host)) || host.hasPrefix("127.")
    }

    /// A new access token.
    public static func newToken() -> String { BrowserSessions.newID() }

    /// Serves until SIGINT or SIGTERM; `onListening` gets the address once the port is bound
    /// (with `port` 0, the one the system chose).
    public func run(publisher: FeedPublisher?, onListening: @escaping @Sendable (String) -> Void) async throws {
        let configuration = configuration
        let engines = try RecognizerPool(count: configuration.engines, settings: configuration.settings,
                                         factory: configuration.factory)
        let uploads = FileManager.default.temporaryDirectory
            .appendingPathComponent("filterocr-serve-\(getpid())-\(BrowserSessions.newID().prefix(8))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: uploads) }
        let feed = configuration.feedPath.map { FeedEvents(path: $0) }
        let api = WorkbenchAPI(
            sessions: BrowserSessions(capacity: configuration.maxSessions, idleLimit: configuration.idleLimit, folder: uploads),
            imageSet: configuration.imageSet, feed: feed, uploadLimit: configuration.uploadLimit,
            makeDriver: {
                let pipeline = Pipeline(settings: configuration.settings, recognizer: engines,
                                        cacheBudget: configuration.sessionCacheBytes, truth: configuration.truth)
                let driver = ReplDriver(pipeline: pipeline, images: configuration.imageSet,
                                        seed: .random(in: .min ... .max), publisher: publisher, home: nil, searchPool: engines)
                // An upload is shown by the name it was sent with, wherever the server keeps it.
                driver.displayName = { path in
                    path.hasPrefix(uploads.path + "/") ? URL(fileURLWithPath: path).lastPathComponent : path
                }
                return driver
            })

        let router = Router()
        router.middlewares.add(AccessGuard(token: configuration.token))
        router.middlewares.add(JSONErrorMiddleware())
        api.add(to: router)

        var logger = Logger(label: "filterocr.serve")
        logger.logLevel = .warning
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
                onListening("http://\(host):\(port)/")
            },
            logger: logger
        )
        // A service group shuts down the last service first: the event streams end before the
        // server waits for its open responses, which would otherwise never end.
        let group = ServiceGroup(configuration: .init(
            services: [app] + (feed.map { [$0] } ?? []),
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
