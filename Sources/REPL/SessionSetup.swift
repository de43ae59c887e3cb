import Core
import Reports
import ResultStore

/// What a REPL session is made of, set up once for every front end (the terminal's REPL and
/// each tab of the web server): how it recognises, what it remembers, which images it picks
/// from and where it publishes.
public struct SessionSetup {
    public var settings: RecognitionSettings
    /// The session's engine: its own, or a pool shared with other sessions.
    public var recognizer: any Recognizer
    /// Memory for the session's rendered images.
    public var cacheBytes: Int
    public var truth: TruthSource
    /// The images `next` chooses from.
    public var images: [String]
    /// Where `next` starts its random walk; random when nil.
    public var seed: UInt64?
    public var publisher: FeedPublisher?
    /// The folder a leading `~` in a typed path stands for; nil where paths are not typed.
    public var home: String?
    /// Engines that `best` shares with other sessions, instead of starting its own.
    public var searchPool: Engines?
    /// How `best` and speculation make engines of their own.
    public var factory: RecognizerFactory
    /// The result store before every engine of the session; nil for none.
    public var store: ResultStore?

    public init(settings: RecognitionSettings, recognizer: any Recognizer, cacheBytes: Int, truth: TruthSource,
                images: [String], seed: UInt64? = nil, publisher: FeedPublisher?, home: String? = nil,
                searchPool: Engines? = nil, factory: @escaping RecognizerFactory = RecognitionSettings.tesseract,
                store: ResultStore? = nil) {
        self.settings = settings
        self.recognizer = recognizer
        self.cacheBytes = cacheBytes
        self.truth = truth
        self.images = images
        self.seed = seed
        self.publisher = publisher
        self.home = home
        self.searchPool = searchPool
        self.factory = factory
        self.store = store
    }

    /// The session's driver, with a pipeline of its own over `recognizer`.
    public func makeDriver() -> ReplDriver {
        let pipeline = Pipeline(settings: settings, recognizer: recognizer, store: store, cacheBudget: cacheBytes, truth: truth)
        return ReplDriver(pipeline: pipeline, images: images, seed: seed ?? .random(in: .min ... .max),
                          publisher: publisher, home: home, factory: factory, store: store, searchPool: searchPool)
    }
}
