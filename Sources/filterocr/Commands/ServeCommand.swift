import ArgumentParser
import Core
import Dispatch
import Foundation
import Threading
import Workbench

/// `filterocr serve`: the workbench and the watch in a browser.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the workbench (/) and the watch (/watch) to a browser.",
        discussion: """
            Each browser tab gets its own session, as in the REPL, and every session updates the \
            companion feed, which the watch page follows live whoever writes it. Listens on \
            127.0.0.1 unless --host says otherwise; any other host needs the access token the \
            server prints. The JSON API is described at /api/openapi.json.
            """
    )

    @OptionGroup var recognition: RecognitionOptions
    @OptionGroup var feedOptions: FeedOptions
    @OptionGroup var truthOptions: TruthOptions

    @Option(name: .long, help: "The address to listen on; anything but loopback needs the access token.")
    var host = "127.0.0.1"

    @Option(name: .long, parsing: .unconditional, help: "The port to listen on; 0 for any free one.")
    var port = 8080

    @Option(name: .long, help: "The image set that the image picker and next choose from.")
    var images = "images"

    @Option(name: .long, help: "The access token to require, instead of a random one (on loopback, to require one at all).")
    var token: String?

    @Option(name: .long, parsing: .unconditional, help: "Browser sessions kept at once; the longest idle is dropped to make room.")
    var maxSessions = 16

    @Option(name: .long, parsing: .unconditional, help: "Largest image a browser may upload, in megabytes.")
    var maxUploadMegabytes = 25

    @Option(name: .long, parsing: .unconditional,
            help: "Largest image a browser may upload, in megapixels, checked from its header before decoding.")
    var maxUploadMegapixels = 16

    @Option(name: .long, parsing: .unconditional,
            help: "Disk for uploads, all sessions together, in megabytes; each session keeps only its latest upload.")
    var uploadBudgetMegabytes = 400

    @Option(name: .long, parsing: .unconditional,
            help: "Memory for rendered images, all sessions together, in megabytes (each session an equal share, at most 256).")
    var cacheMegabytes = 2048

    @Option(name: .long, parsing: .unconditional, help: "Connections open at once; the one longest waiting for a request makes room.")
    var maxConnections = 512

    @Option(name: .long, parsing: .unconditional, help: "Seconds a new connection has to send a request's head.")
    var headerTimeout = 10.0

    @Option(name: .long, parsing: .unconditional, help: "Seconds a request has to send its body, once its head is in.")
    var bodyTimeout = 60.0

    @Option(name: .long, parsing: .unconditional, help: "Seconds a kept-alive connection may wait for its next request.")
    var idleTimeout = 30.0

    @Option(name: .long, parsing: .unconditional, help: "Images recognised at once, for all sessions together.")
    var engines = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535, e.g. --port 8080") }
        guard (1...1000).contains(maxSessions) else { throw ValidationError("--max-sessions takes 1 to 1000, e.g. --max-sessions 16") }
        guard (1...4096).contains(maxUploadMegabytes) else {
            throw ValidationError("--max-upload-megabytes takes 1 to 4096, e.g. --max-upload-megabytes 25")
        }
        guard (1...1000).contains(maxUploadMegapixels) else {
            throw ValidationError("--max-upload-megapixels takes 1 to 1000, e.g. --max-upload-megapixels 16")
        }
        guard (1...1_000_000).contains(uploadBudgetMegabytes) else {
            throw ValidationError("--upload-budget-megabytes takes 1 to 1000000, e.g. --upload-budget-megabytes 400")
        }
        guard (0...(1 << 20)).contains(cacheMegabytes) else {
            throw ValidationError("--cache-megabytes takes 0 to 1048576, e.g. --cache-megabytes 2048")
        }
        guard (16...100_000).contains(maxConnections) else {
            throw ValidationError("--max-connections takes 16 to 100000, e.g. --max-connections 512")
        }
        for (option, seconds) in [("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout)] {
            guard seconds.isFinite, (0.1...86_400).contains(seconds) else {
                throw ValidationError("\(option) takes 0.1 to 86400 seconds, e.g. \(option) 10")
            }
        }
        guard (1...64).contains(engines) else { throw ValidationError("--engines takes 1 to 64, e.g. --engines 2") }
        if let token, token.count < 8 || !token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            throw ValidationError("--token takes at least 8 letters, digits, - or _")
        }
    }

    func run() throws {
        // The workbench still opens uploads without an image set: the reason is a warning.
        var imageSet: [String] = []
        do {
            imageSet = try ImageSet.files(in: images)
        } catch ApplicationError.imageSet(let folder, .missing) {
            Terminal.printWarning("\(folder): no such folder; give the image set with --images DIR; "
                                  + "the workbench can still open uploads")
        } catch {
            Terminal.printWarning("\(Terminal.message(for: error)); the workbench can still open uploads")
        }
        var configuration = WorkbenchServer.Configuration(settings: recognition.settings(ignoredWords: feedOptions.ignoredWords))
        configuration.host = host
        configuration.store = try recognition.store()
        configuration.port = port
        configuration.imageSet = imageSet
        configuration.imageFolder = images
        configuration.feedPath = feedOptions.path
        configuration.maxSessions = maxSessions
        configuration.uploadLimit = maxUploadMegabytes * 1_000_000
        configuration.uploadPixelLimit = maxUploadMegapixels * 1_000_000
        configuration.uploadBudget = uploadBudgetMegabytes * 1_000_000
        configuration.renderCacheBudget = cacheMegabytes << 20
        configuration.maxConnections = maxConnections
        configuration.headerTimeout = .milliseconds(Int64(headerTimeout * 1000))
        configuration.bodyTimeout = .milliseconds(Int64(bodyTimeout * 1000))
        configuration.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        configuration.engines = engines
        configuration.truth = truthOptions.source
        configuration.token = token ?? (WorkbenchServer.isLoopback(host) ? nil : WorkbenchServer.newToken())
        if !WorkbenchServer.isLoopback(host) {
            Terminal.printWarning("serving on \(host) makes the workbench reachable from other machines; "
                                  + "only the addresses below, with their token, open it")
        }
        let publisher = feedOptions.makePublisher(source: "serve")
        defer { publisher?.finish() }
        let query = configuration.token.map { "?token=\($0)" } ?? ""
        let server = WorkbenchServer(configuration: configuration)
        try Self.waitFor {
            try await server.run(publisher: publisher) { address in
                Terminal.print("workbench: \(address)\(query)")
                Terminal.print("watch:     \(address)watch\(query)")
            }
        }
    }

    /// Runs `work` on Swift's concurrency threads and waits for it here, since the other
    /// commands, and so the entry point, are synchronous.
    private static func waitFor(_ work: @escaping @Sendable () async throws -> Void) throws {
        let finished = DispatchSemaphore(value: 0)
        let failure = Locked<String?>(nil)
        Task {
            do {
                try await work()
            } catch {
                failure.withLock { $0 = Terminal.message(for: error) }
            }
            finished.signal()
        }
        finished.wait()
        if let message = failure.withLock({ $0 }) {
            Terminal.printError(message)
            throw ExitCode.failure
        }
    }
}
