// Times the filters on one image, against a plain memory copy of the same buffer, and
// prints one line per measurement: `name seconds`. bench/filters.sh adds OpenCV and ratios.
//
// usage: filterbench IMAGE [RUNS]
import Foundation
import ImageCodec
import Imaging
import Recognition

MemoryTuning.keepLargeBuffers()
// orient's cost is Tesseract's orientation detection, as the application gives it to its filters.
let context = FilterContext(space: .linear, orientation: TesseractOrientation().detector)
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: filterbench IMAGE [RUNS]\n".utf8))
    exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let image: RGBImage
do {
    image = try ImageFile.load(arguments[1]).image
} catch {
    FileHandle.standardError.write(Data("filterbench: \(error.localizedDescription)\n".utf8))
    exit(1)
}
print("image \(image.width)x\(image.height) \(image.samples.count) bytes, best of \(runs)")

/// The fastest of `runs` timings of `body`, in seconds.
func best(_ body: () -> RGBImage) -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = ContinuousClock.now
        let result = body()
        let elapsed = ContinuousClock.now - start
        precondition(result.width > 0)
        fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return fastest
}

func report(_ name: String, _ seconds: Double) {
    print(name, String(format: "%.4f", seconds))
}

report("copy", best {
    var copy = image
    copy[0, 0] = RGBPixel(grey: ~image[0, 0].red)  // forces the copy of the whole buffer
    return copy
})
report("threshold", best { ColorThreshold(threshold: 0.5).apply(to: image) })
// σ 3, 25, 75 and 300 are the figures; 1 and 2 show the direct kernel below the shrinking.
let sigmas = ProcessInfo.processInfo.environment["FILTERBENCH_SIGMAS"].map { $0.split(separator: ",").compactMap { Double($0) } }
    ?? [1, 2, 3, 25, 75, 300]
for sigma in sigmas {
    report("blur-\(sigma == sigma.rounded() ? String(Int(sigma)) : String(sigma))", best { GaussianBlur(sigma: sigma).apply(to: image) })
}
// The other filters at 25% (their defaults) and 75%, through the same operation type as the REPL.
// FILTERBENCH_FILTERS=rotate,orient times only those (and the copy), for measuring a few filters.
let chosen = ProcessInfo.processInfo.environment["FILTERBENCH_FILTERS"].map { Set($0.split(separator: ",").map(String.init)) }
for kind in FilterKind.allCases where !FilterKind.brief.contains(kind) && chosen.map({ $0.contains(kind.rawValue) }) ?? true {
    for intensity in [0.25, 0.75] {
        report("\(kind.rawValue)-\(Int(intensity * 100))", best { FilterOperation(kind, intensity: intensity).apply(to: image, in: context) })
    }
}
