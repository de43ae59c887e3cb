// libFuzzer target: bytes through the feed reader, as the companion reads a feed that any
// program may have written, and through the watch face that draws what it read.
//
// Built with `make fuzz`, libFuzzer drives it; built normally, it replays files.
import CompanionFeed
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if let snapshot = try? FeedReader.decode(bytes, path: "fuzz.json") {
        _ = WatchFace.render(snapshot, width: 80, height: 24, now: Date(timeIntervalSince1970: 0))
        _ = WatchFace.line(snapshot)
    }
    return 0
}

#if FUZZING
/// The package manager names an executable's entry `FuzzFeedReader_main`.
@_cdecl("FuzzFeedReader_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzEntry.runFuzzer(argc, argv) { data, size in data.map { fuzzFeedReader($0, size) } ?? 0 }
}
#else
@main
struct Replay {
    static func main() throws {
        try FuzzEntry.replay { data, size in data.map { fuzzFeedReader($0, size) } ?? 0 }
    }
}
#endif
