import Core
import FileSystem
import Foundation
import Hummingbird
import Logging
import NIOCore
import REPL
import Reports
import ResultStore
import ServiceLifecycle

/// `filterocr serve`: the workbench and the watch pages and their API, over one set of
/// engines that every tab's session shares.
public struct WorkbenchServer: Sendable {
    public struct Configuration: Sendable {
        public var host = "127.0.0.1"
        public var port = 8080
        /// The images `next` and the image picker choose from.
        public var imageSet: [String] = []
        /// The folder they are in, which they are named within; nil to name them by file name.
        public var imageFolder: String?
        /// The feed the sessions publish to and the watch page follows; nil for none.
        public var feedPath: String?
        /// Required of every request when set: for any host that is not loopback.
        public var token: String?
        public var maxSessions = 16
        public var idleLimit: Duration = .seconds(30 * 60)
        public var uploadLimit = 25_000_000
        /// The most pixels an upload may claim (checked from its header before decoding):
        /// 16 megapixels, 48 MB decoded, where the set's images may have `--max-pixels`.
        public var uploadPixelLimit = 16_000_000
        /// Bytes of uploads on disk for all sessions together; each session keeps only its latest.
        public var uploadBudget = 400_000_000
        /// Memory for all sessions' rendered images together, shared out equally.
        public var renderCacheBudget = 2 << 30
        /// Connections open at once; fewer if the file-descriptor limit is lower.
        public var maxConnections = 512
        public var headerTimeout: Duration = .seconds(10)
        public var bodyTimeout: Duration = .seconds(60)
        public var idleTimeout: Duration = .seconds(30)
        /// Engines recognising at once, for all sessions together.
        public var engines = ProcessInfo.processInfo.activeProcessorCount
        public var settings: RecognitionSettings
        public var truth: TruthSource = .sidecar
        public var factory: RecognizerFactory = RecognitionSettings.tesseract
        /// The result store before the engines; nil for none.
        public var store: ResultStore?

        public init(settings: RecognitionSettings) {
            self.settings = settings
        }

        /// Each session's render cache: an equal share of `renderCacheBudget`, at most 256 MB.
        public var sessionCacheBytes: Int {
            min(256 << 20, renderCacheBudget / max(1, maxSessions))
        }
    }

    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Whether `host` is reachable only from this machine.
    public static func isLoopback(_ host: String) -> Bool {
        let name = AccessRules.hostName(host)
        return AccessRules.loopbackHosts.contains(name) || AccessRules.isLoopbackIPv4(name)
    }

    /// A new access token.
    public static func newToken() -> String { BrowserSessions.newID() }

    /// Serves until SIGINT or SIGTERM; `onListening` gets the address once the port is bound
    /// (with `port` 0, the one the system chose).
    public func run(publisher: FeedPublisher?, onListening: @escaping @Sendable (String) -> Void) async throws {
        let configuration = configuration
        // The sessions share the engines, so that the engines, not the sessions, bound the work in flight.
        let engines = try Engines(count: configuration.engines, settings: configuration.settings, factory: configuration.factory)
        // A server killed before it could remove its uploads leaves them; the next one does.
        PrivateTemporaries.uploads.removeStale()
        let uploads = URL(fileURLWithPath: PrivateTemporaries.directory, isDirectory: true)
            .appendingPathComponent(PrivateTemporaries.uploads.name(), isDirectory: true)
        defer { try? FileManager.default.removeItem(at: uploads) }
        let feed = configuration.feedPath.map { FeedEvents(path: $0) }
        let names = DisplayNames(imageFolder: configuration.imageFolder, uploads: uploads.path)
        let router = Self.router(configuration: configuration, uploads: uploads, feed: feed, names: names) {
            SessionSetup(settings: configuration.settings, recognizer: engines, cacheBytes: configuration.sessionCacheBytes,
                         truth: configuration.truth, images: configuration.imageSet, publisher: publisher, searchPool: engines,
                         store: configuration.store).makeDriver()
        }

        let app = Self.application(configuration: configuration, router: router, onListening: onListening)
        // A service group shuts down the last service first: the event streams end before the
        // server waits for its open responses, which would otherwise never end.
        let group = ServiceGroup(configuration: .init(
            services: [app] + (feed.map { [$0] } ?? []),
            gracefulShutdownSignals: [.sigterm, .sigint], logger: app.logger))
        do {
            try await group.run()
        } catch let error as IOError {
            throw ListenError(error: error, host: configuration.host, port: configuration.port) ?? error
        }
    }

    /// The server `run` serves: `router` behind the connection handlers that guard the socket
    /// (the connection limit and the deadlines of `configuration`, the security headers on every
    /// answer, the answers to heads that do not parse), on `configuration`'s address. Built
    /// apart from `run` so that the handlers can be exercised on a live socket with the routes
    /// a test chooses; the feed's events, which must end before the server stops, are not part
    /// of it.
    ///
    /// - Parameter onListening: given the address once the port is bound (with `port` 0, the one
    ///   the system chose).
    package static func application(configuration: Configuration, router: Router<BasicRequestContext>,
                                    onListening: @escaping @Sendable (String) -> Void = { _ in }) -> some ApplicationProtocol {
        let connections = ConnectionRegistry(
            capacity: FileDescriptorLimit.connections(wanted: configuration.maxConnections),
            limits: .init(header: configuration.headerTimeout, body: configuration.bodyTimeout, idle: configuration.idleTimeout))

        var logger = Logger(label: "filterocr.serve")
        logger.logLevel = .warning
        return Application(
            router: router,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [
                    ConnectionGuardHandler(registry: connections), SecurityHeadersHandler(), ParseErrorAnswerHandler(),
                ],
                httpDecoderConfiguration: .init(maxHeaderFieldSize: ParseErrorAnswerHandler.headLimit,
                                                maxHeaderListSize: ParseErrorAnswerHandler.headLimit))),
            // A deep accept queue: when connections are dropped and opened again by the
            // hundred (a slow-client attack), a full queue makes new clients wait a second for
            // their SYN to be sent again.
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil,
                                 backlog: 4096),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
                onListening("http://\(host):\(port)/")
            },
            logger: logger
        )
    }
}
