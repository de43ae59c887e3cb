import ImageCodec
import Imaging
import ResultStore
import Threading

/// What a run needs of the process it runs in, made by whatever starts the run (a command, a
/// test, the server) and handed down in its `RecognitionSettings`, so that two runs in one
/// process never see each other's state:
///
/// - which way up pages are (`orientation`), for the `orient` filter and `--auto`'s righting;
/// - the result stores the run opened, folded into their files when it ends (`stores`);
/// - the checksums of the language models it read, computed once (`EngineIdentity`).
public final class Runtime: Sendable {
    /// Finds which way up a page is; nil leaves every page as it is (no model: the pure tests).
    public let orientation: OrientationDetector?
    public let stores: StoreRegistry
    /// Model files' checksums computed so far, by path, size and modification time.
    let modelChecksums = Locked<[String: String]>([:])

    public init(orientation: OrientationDetector? = nil, stores: StoreRegistry = StoreRegistry()) {
        self.orientation = orientation
        self.stores = stores
    }

    /// What the run's filters are applied with in `space`.
    public func filterContext(_ space: WorkingSpace) -> FilterContext {
        FilterContext(space: space, orientation: orientation)
    }
}
