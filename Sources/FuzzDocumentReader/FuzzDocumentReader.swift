// libFuzzer target: bytes as a document file (PDF or multi-page TIFF) through the reader:
// opening, counting, surveying and rendering pages, limits on.
//
// Built with `make fuzz` (-sanitize=fuzzer,address -DFUZZING), libFuzzer drives
// `LLVMFuzzerTestOneInput`. Built normally, it replays the files given as arguments, as
// the regression tests do with the inputs that once crashed.
import Documents
import Foundation
import FuzzSupport
import ImageCodec

/// The reader opens documents by path, as filterocr does: each input goes through one file.
private let inputPath: String = {
    let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return folder + "/filterocr-fuzz-document-\(getpid())"
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocumentReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: inputPath, contents: Data(bytes: data, count: size)) else { return 0 }
    defer { unlink(inputPath) }
    guard let kind = Document.kind(of: inputPath), let document = try? Document(inputPath, kind: kind) else { return 0 }
    // Small limits keep each input fast; the checks are the same at any limit.
    let decoder = ImageDecoder(maxPixels: 2_000_000, maxBytes: 8 << 20)
    for number in 1...min(document.pageCount, 3) {
        _ = try? document.page(number, dpi: 72, decoder: decoder)
    }
    return 0
}

#if FUZZING
/// The package manager names an executable's entry `FuzzDocumentReader_main`.
@_cdecl("FuzzDocumentReader_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzEntry.runFuzzer(argc, argv) { data, size in data.map { fuzzDocumentReader($0, size) } ?? 0 }
}
#else
@main
struct Replay {
    static func main() throws {
        try FuzzEntry.replay { data, size in data.map { fuzzDocumentReader($0, size) } ?? 0 }
    }
}
#endif
