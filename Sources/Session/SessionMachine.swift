import Imaging

/// The REPL's session as pure logic: events in, actions out.
///
/// It knows which image is shown (and, for a document, which page of how many), the selected
/// segment and the operations that render the current image from the original; it never
/// touches files, terminals or Tesseract. The caller carries out each `Action` and reports
/// back with `imageLoaded`, `pageLoaded` or `imageFailed`. A refused command is an action too,
/// and leaves the state as it was.
public struct SessionMachine: Sendable {
    /// Something for the caller to do.
    public enum Action: Sendable, Equatable {
        /// Read this image file (a document's first page), then call `imageLoaded` or `imageFailed`.
        case load(path: String)
        /// Read page `page` of the document shown, then call `pageLoaded` or `imageFailed`.
        case loadPage(path: String, page: Int)
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

    /// Where the image shown is in its document: page `number` (from 1) of `count`.
    public struct Page: Sendable, Equatable {
        public var number: Int
        public var count: Int

        public init(number: Int, count: Int) {
            self.number = number
            self.count = count
        }
    }

    /// What the current image is and how it was made.
    public struct Transition: Sendable, Equatable {
        public var image: String
        /// The page shown, when the image is a document's.
        public var page: Page?
        public var segment: Segment
        public var operations: [FilterOperation]

        public init(image: String, page: Page? = nil, segment: Segment, operations: [FilterOperation]) {
            self.image = image
            self.page = page
            self.segment = segment
            self.operations = operations
        }
    }

    /// The image shown: its path, the name messages give it, its page and its filters.
    private struct Shown: Sendable, Equatable {
        var image: String
        var name: String
        var page: Page?
        var filters: FilterState

        var transition: Transition {
            Transition(image: image, page: page, segment: filters.segment, operations: filters.operations)
        }
    }

    private enum State: Sendable, Equatable {
        case waitingForImage
        case showing(Shown)
    }

    private static let noImage = "no image loaded; try next or open PATH"

    private var state = State.waitingForImage
    /// The image set `next` chooses from.
    public let images: [String]
    private var random: SeededRandom

    public init(images: [String], seed: UInt64) {
        self.images = images
        random = SeededRandom(seed: seed)
    }

    private var shown: Shown? {
        if case .showing(let shown) = state { return shown }
        return nil
    }

    /// The image shown, if any.
    public var currentImage: String? { shown?.image }

    /// The page shown, when the image is a document's.
    public var currentPage: Page? { shown?.page }

    /// The segment and operations of the current image.
    public var filters: FilterState { shown?.filters ?? FilterState() }

    /// The first action: load `image` if given, otherwise a random one from the set.
    public mutating func start(with image: String? = nil) -> Action {
        if let image { return .load(path: image) }
        return nextImage()
    }

    /// The action for a command the user typed.
    public mutating func handle(_ command: SessionCommand) -> Action {
        switch command {
        case .filter(let filterCommand):
            guard var shown else { return .refuse(Self.noImage) }
            do {
                shown.filters = try shown.filters.applying(filterCommand)
                state = .showing(shown)
                return .render(shown.transition)
            } catch {
                return .refuse(error.description)
            }
        case .next:
            return nextImage()
        case .open(let path):
            return .load(path: path)
        case .page(let move):
            return turnPage(move)
        case .save(let path):
            guard currentImage != nil else { return .refuse("no image to save yet") }
            return .save(path: path)
        case .text: return answer(.text)
        case .words: return answer(.words)
        case .top: return answer(.top)
        case .diff(let previous): return answer(.diff(previous: previous))
        case .sweep(let kind): return answer(.sweep(kind ?? filters.segment.filter ?? .blur))
        case .show: return answer(.show)
        case .best: return currentImage == nil ? .refuse(Self.noImage) : .chooseFilters
        case .status: return .answer(.status)
        case .help: return .answer(.help)
        case .quit: return .quit
        }
    }

    /// The filters a search chose for the current image: they are shown as if typed.
    public mutating func adopt(_ filters: FilterState) -> Action {
        guard var shown else { return .refuse(Self.noImage) }
        shown.filters = filters
        state = .showing(shown)
        return .render(shown.transition)
    }

    /// The image asked for has been read: it is shown in the `original` segment.
    ///
    /// - Parameters:
    ///   - page: where it is in its document (the first page, for a document just opened).
    ///   - name: how messages name it; the path's last component when nil.
    public mutating func imageLoaded(_ path: String, page: Page? = nil, name: String? = nil) -> Action {
        let shown = Shown(image: path, name: name ?? Self.lastComponent(of: path), page: page, filters: FilterState())
        state = .showing(shown)
        return .render(shown.transition)
    }

    /// The page asked for has been read: it is shown with the filters the page before had, so
    /// that one recipe can be seen on every page.
    public mutating func pageLoaded(_ page: Page) -> Action {
        guard var shown else { return .refuse(Self.noImage) }
        shown.page = page
        state = .showing(shown)
        return .render(shown.transition)
    }

    /// The image asked for could not be read: the session stays as it was.
    public func imageFailed(_ path: String, reason: String) -> Action {
        .refuse(reason)
    }

    private func answer(_ query: Query) -> Action {
        currentImage == nil ? .refuse(Self.noImage) : .answer(query)
    }

    /// Another page of the document shown; refused for an image, or a page it does not have.
    private func turnPage(_ move: PageMove) -> Action {
        guard let shown else { return .refuse(Self.noImage) }
        guard let page = shown.page else {
            return .refuse("\(shown.name) has one page; page moves within a PDF or a multi-page TIFF")
        }
        let target = move.target(from: page.number)
        guard target >= 1 else { return .refuse("there is no page before page 1 of \(shown.name)") }
        guard target <= page.count else {
            return .refuse("there is no page \(target): \(shown.name) has \(page.count) page\(page.count == 1 ? "" : "s")")
        }
        // The page shown already: shown again, as `original` in original is.
        guard target != page.number else { return .render(shown.transition) }
        return .loadPage(path: shown.image, page: target)
    }

    /// A random image of the set, never the one shown when there is another.
    private mutating func nextImage() -> Action {
        let candidates = images.count > 1 ? images.filter { $0 != currentImage } : images
        guard !candidates.isEmpty else { return .refuse("no image set to choose from; use open PATH, or start with --images DIR") }
        return .load(path: candidates[Int(random.next() % UInt64(candidates.count))])
    }

    private static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
