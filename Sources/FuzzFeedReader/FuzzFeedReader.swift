// libFuzzer target: bytes through the feed reader, as the companion reads a feed that any
// program may have written, and through the watch face that draws what it read.
//
// Built with `make fuzz`, libFuzzer drives it; built normally, it replays files.
import CompanionFeed
import Foundation

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
import CSanitizers

/// The package manager names an executable's entry `FuzzFeedReader_main`; under the fuzzer it
/// hands control to libFuzzer's driver.
@_cdecl("FuzzFeedReader_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var (count, arguments) = (argc, argv)
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzFeedReader(data, size)
    }
}
#else
@main
struct Replay {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            // An empty input still needs a valid pointer.
            let storage = bytes.isEmpty ? [0] : bytes
            storage.withUnsafeBufferPointer { _ = fuzzFeedReader($0.baseAddress.unsafelyUnwrapped, bytes.count) }
        }
    }
}
#endif
