// libFuzzer target: image bytes of any format through the decoder, limits on.
//
// Built with `make fuzz` (-sanitize=fuzzer,address -DFUZZING), libFuzzer drives
// `LLVMFuzzerTestOneInput`. Built normally, it replays the files given as arguments, as
// the regression tests do with the inputs that once crashed.
import Foundation
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
import CSanitizers

/// The package manager names an executable's entry `FuzzImageDecoder_main`; under the fuzzer it
/// hands control to libFuzzer's driver.
@_cdecl("FuzzImageDecoder_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var (count, arguments) = (argc, argv)
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzImageDecoder(data, size)
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
            storage.withUnsafeBufferPointer { _ = fuzzImageDecoder($0.baseAddress.unsafelyUnwrapped, bytes.count) }
        }
    }
}
#endif
