import Foundation
import Hummingbird
import REPL

extension WorkbenchServer {
    /// The pages and the API behind the access guard and the JSON errors: everything the
    /// server answers with, apart from the connection handlers that guard the socket. Built
    /// apart from `run` so that the routes can be exercised in process, without a port.
    ///
    /// - Parameters:
    ///   - uploads: the folder the sessions' uploads are written to.
    ///   - feed: the feed's event stream; nil for a server without one.
    ///   - names: how images are named to the client.
    ///   - makeDriver: the session of a new tab.
    package static func router(configuration: Configuration, uploads: URL, feed: FeedEvents?, names: DisplayNames,
                               makeDriver: @escaping @Sendable () -> sending ReplDriver) -> Router<BasicRequestContext> {
        let decoderPixels = configuration.settings.decoder.maxPixels
        let api = WorkbenchAPI(
            sessions: BrowserSessions(capacity: configuration.maxSessions, idleLimit: configuration.idleLimit, folder: uploads,
                                      ledger: UploadLedger(limit: configuration.uploadBudget)),
            imageSet: configuration.imageSet, feed: feed, uploadLimit: configuration.uploadLimit,
            uploadPixelLimit: configuration.uploadPixelLimit < decoderPixels ? configuration.uploadPixelLimit : nil,
            names: names,
            makeDriver: {
                let driver = makeDriver()
                // Reports name an image as the client knows it, never by the server's folders.
                driver.displayName = names.name(for:)
                return driver
            })
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.middlewares.add(AccessGuard(token: configuration.token, boundHost: configuration.host))
        router.middlewares.add(JSONErrorMiddleware())
        api.add(to: router)
        return router
    }
}
