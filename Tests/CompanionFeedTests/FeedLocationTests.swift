import CompanionFeed
import FileSystem
import Testing

/// The default feed's path: per user, as the XDG base directory rules place state.
@Suite("The default feed's location")
struct FeedLocationTests {
    private let existing: (String) -> Bool = { _ in true }

    @Test("XDG_STATE_HOME set: the feed is in its filterocr folder")
    func stateHome() {
        let resolved = FeedLocation.resolve(environment: ["XDG_STATE_HOME": "/s/state", "HOME": "/home/ana"], isFolder: existing)
        #expect(resolved == .path("/s/state/filterocr/topwords.json"))
    }

    @Test("XDG_STATE_HOME unset: the feed is under HOME's .local/state")
    func home() {
        let resolved = FeedLocation.resolve(environment: ["HOME": "/home/ana"], isFolder: existing)
        #expect(resolved == .path("/home/ana/.local/state/filterocr/topwords.json"))
    }

    @Test("A relative or empty XDG_STATE_HOME is ignored, as the XDG rules say", arguments: ["state", ""])
    func relativeStateHome(value: String) {
        let resolved = FeedLocation.resolve(environment: ["XDG_STATE_HOME": value, "HOME": "/home/ana/"], isFolder: existing)
        #expect(resolved == .path("/home/ana/.local/state/filterocr/topwords.json"))
    }

    @Test("No HOME and no XDG_STATE_HOME: no feed, and the reason names both")
    func neither() {
        #expect(FeedLocation.resolve(environment: [:], isFolder: existing)
                == .unavailable(reason: "HOME and XDG_STATE_HOME are not set"))
    }

    @Test("A HOME that is relative or not a folder gives no feed, never a tree made where it points",
          arguments: ["relative/home", "/no/such/home"])
    func unusableHome(home: String) {
        let resolved = FeedLocation.resolve(environment: ["HOME": home], isFolder: { $0 != "/no/such/home" })
        #expect(resolved == .unavailable(reason: "HOME (\(home)) is not an existing folder, and XDG_STATE_HOME is not set"))
    }

    @Test("The same rule finds the result store's cache folder under .cache")
    func cacheBeside() {
        #expect(UserDirectory.resolve(UserDirectory.cache, environment: ["HOME": "/home/ana"], isFolder: existing)
                == .path("/home/ana/.cache"))
        #expect(UserDirectory.resolve(UserDirectory.cache, environment: ["XDG_CACHE_HOME": "/c", "XDG_STATE_HOME": "/s"],
                                      isFolder: existing) == .path("/c"))
    }
}
