// libFuzzer target: bytes as a document file (PDF or multi-page TIFF) through the reader:
// opening, counting, surveying and rendering pages, limits on.
//
// Built with `make fuzz` (-sanitize=fuzzer,address -DFUZZING), libFuzzer drives
// `LLVMFuzzerTestOneInput` and mutates PDFs with `LLVMFuzzerCustomMutator` (PDFMutator.swift)
// as well as byte by byte. Built normally, it replays the files given as arguments, as the
// regression tests do with the inputs that once crashed; `--mutate SEED FILE` prints what the
// structure-aware mutator makes of FILE, to see it at work without a fuzzer build.
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
    // A count the reader let through as zero or negative reads no page.
    for number in stride(from: 1, through: min(document.pageCount, 3), by: 1) {
        _ = try? document.page(number, dpi: 72, decoder: decoder)
    }
    return 0
}

#if FUZZING
/// libFuzzer's own byte-level mutation (its driver defines it; C arguments and result only).
@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// One mutation of the `size` bytes at `data` (room for `maxSize`): half the time, for what
/// looks like a PDF, a structural one; otherwise, or when that found nothing to change,
/// libFuzzer's.
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzDocumentMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var mutator = PDFMutator(seed: seed)
    if mutator.random.chance(1, in: 2), PDFMutator.applies(to: bytes),
       let mutated = mutator.mutate(bytes, maxSize: maxSize) {
        mutated.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: mutated.count) }
        return mutated.count
    }
    return libFuzzerMutate(data, size, maxSize)
}

/// The package manager names an executable's entry `FuzzDocumentReader_main`.
@_cdecl("FuzzDocumentReader_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzEntry.runFuzzer(argc, argv) { data, size in data.map { fuzzDocumentReader($0, size) } ?? 0 }
}
#else
@main
struct Replay {
    static func main() throws {
        let arguments = CommandLine.arguments
        if arguments.count == 4, arguments[1] == "--mutate", let seed = UInt32(arguments[2]) {
            // What the structural mutator makes of a file (stdout), with that seed.
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[3])))
            var mutator = PDFMutator(seed: seed)
            if let mutated = mutator.mutate(bytes, maxSize: max(65536, bytes.count)) { bytes = mutated }
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        try FuzzEntry.replay { data, size in data.map { fuzzDocumentReader($0, size) } ?? 0 }
    }
}
#endif
