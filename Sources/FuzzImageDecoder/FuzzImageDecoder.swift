// libFuzzer target: image bytes of any format through the decoder, limits on.
//
// Built with `make fuzz` (-sanitize=fuzzer,address -DFUZZING), libFuzzer drives
// `LLVMFuzzerTestOneInput`. Built normally, it replays the files given as arguments, as
// the regression tests do with the inputs that once crashed.
import Foundation
import FuzzSupport
import ImageCodec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Small limits keep each input fast; the checks are the same at any limit.
    let decoder = ImageDecoder(maxPixels: 4_000_000, maxBytes: 8 << 20)
    _ = try? decoder.checkHeader(Array(bytes.prefix(64 << 10)), source: "fuzz")
    _ = try? decoder.decode(bytes, source: "fuzz")
    _ = ImageExtent.length(ofFirstImageIn: bytes)
    return 0
}

#if FUZZING
/// The package manager names an executable's entry `FuzzImageDecoder_main`.
@_cdecl("FuzzImageDecoder_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzEntry.runFuzzer(argc, argv) { data, size in data.map { fuzzImageDecoder($0, size) } ?? 0 }
}
#else
@main
struct Replay {
    static func main() throws {
        try FuzzEntry.replay { data, size in data.map { fuzzImageDecoder($0, size) } ?? 0 }
    }
}
#endif
