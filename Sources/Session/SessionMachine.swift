import Imaging

/// The REPL's session as pure logic: events in, actions out.
///
/// It knows which image is shown, the selected segment and the operations that render the
/// current image from the original; it never touches files, terminals or Tesseract. The
/// caller carries out each `Action` and reports back with `imageLoaded` or `imageFailed`. A
/// refused command is an action too, and leaves the state as it was.
public struct SessionMachine: Sendable {
    /// Something for the caller to do.
    public enum Action: Sendable, Equatable {
        /// Read this image file, then call `imageLoaded` or `imageFailed`.
        case load(path: String)
        /// Render the image with these operations, recognise it and update the feed.
        case render(Transition)
        /// Answer a question about the current image or recognition.
        case answer(Query)
        /// Search for the filters that read best on the current image, then call `adopt`.
        case chooseFilters
        /// Write the current image to this path.
        case save(path: String)
        /// Say why the command was refused; nothing changed.
        case refuse(String)
        case quit
    }

    public enum Query: Sendable, Equatable {
        case text, words, top, show, status, help
        /// Against the original's recognition, or the one before the last.
        case diff(previous: Bool)
        /// The current image at many strengths of this filter.
        case sweep(FilterKind)
    }

    /// What the current image is and how it was made.
    public struct Transition: Sendable, Equatable {
        public var image: String
        public var segment: Segment
        public var operations: [FilterOperation]

        public init(image: String, segment: Segment, operations: [FilterOperation]) {
            self.image = image
            self.segment = segment
            self.operations = operations
        }
    }

    private enum State: Sendable, Equatable {
        case waitingForImage
        case showing(image: String, filters: FilterState)
    }

    private var state = State.waitingForImage
    /// The image set `next` chooses from.
    public let images: [String]
    private var random: SeededRandom

    public init(images: [String], seed: UInt64) {
        self.images = images
        random = SeededRandom(seed: seed)
    }

    /// The image shown, if any.
    public var currentImage: String? {
        if case .showing(let image, _) = state { return image }
        return nil
    }

    /// The segment and operations of the current image.
    public var filters: FilterState {
        if case .showing(_, let filters) = state { return filters }
        return FilterState()
    }

    /// The first action: load `image` if given, otherwise a random one from the set.
    public mutating func start(with image: String? = nil) -> Action {
        if let image { return .load(path: image) }
        return nextImage()
    }

    /// The action for a command the user typed.
    public mutating func handle(_ command: SessionCommand) -> Action {
        switch command {
        case .filter(let filterCommand):
            guard case .showing(let image, let filters) = state else { return .refuse("no image loaded; try next or open PATH") }
            do {
                let next = try filters.applying(filterCommand)
                state = .showing(image: image, filters: next)
                return .render(Transition(image: image, segment: next.segment, operations: next.operations))
            } catch {
                return .refuse(error.description)
            }
        case .next:
            return nextImage()
        case .open(let path):
            return .load(path: path)
        case .save(let path):
            guard currentImage != nil else { return .refuse("no image to save yet") }
            return .save(path: path)
        case .text: return answer(.text)
        case .words: return answer(.words)
        case .top: return answer(.top)
        case .diff(let previous): return answer(.diff(previous: previous))
        case .sweep(let kind): return answer(.sweep(kind ?? filters.segment.filter ?? .blur))
        case .show: return answer(.show)
        case .best: return currentImage == nil ? .refuse("no image loaded; try next or open PATH") : .chooseFilters
        case .status: return .answer(.status)
        case .help: return .answer(.help)
        case .quit: return .quit
        }
    }

    /// The filters a search chose for the current image: they are shown as if typed.
    public mutating func adopt(_ filters: FilterState) -> Action {
        guard let image = currentImage else { return .refuse("no image loaded; try next or open PATH") }
        state = .showing(image: image, filters: filters)
        return .render(Transition(image: image, segment: filters.segment, operations: filters.operations))
    }

    /// The image asked for has been read: it is shown in the `original` segment.
    public mutating func imageLoaded(_ path: String) -> Action {
        state = .showing(image: path, filters: FilterState())
        return .render(Transition(image: path, segment: .original, operations: []))
    }

    /// The image asked for could not be read: the session stays as it was.
    public func imageFailed(_ path: String, reason: String) -> Action {
        .refuse(reason)
    }

    private func answer(_ query: Query) -> Action {
        currentImage == nil ? .refuse("no image loaded; try next or open PATH") : .answer(query)
    }

    /// A random image of the set, never the one shown when there is another.
    private mutating func nextImage() -> Action {
        let candidates = images.count > 1 ? images.filter { $0 != currentImage } : images
        guard !candidates.isEmpty else { return .refuse("no image set to choose from; use open PATH, or start with --images DIR") }
        return .load(path: candidates[Int(random.next() % UInt64(candidates.count))])
    }
}

/// SplitMix64: a small, fast generator whose sequence is fixed by its seed, so a scripted
/// session with `--seed` is reproducible.
struct SeededRandom: Sendable, Equatable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
