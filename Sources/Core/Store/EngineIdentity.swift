import Crypto
import Foundation
import Imaging
import Recognition
import Threading

/// Everything about the engine that decides what it reads, besides the image and the
/// resolution: Tesseract's version, the languages and the checksums of their model files, the
/// page segmentation. Two engines with the same identity read the same pixels the same way.
public struct EngineIdentity: Sendable, Equatable {
    /// For people: `tesseract 5.3.0, eng (3d7a0c…), psm 3`.
    public let description: String
    /// The SHA-256 of the full identity, in hex.
    public let digest: String

    /// - Parameter engine: settings for one reading over the run's (`psm 6`): a reading with
    ///   `psm 6` has the identity of a run with `--psm 6`.
    public init(settings: RecognitionSettings, engine: EngineSettings = EngineSettings(),
                dataDirectory: String = TesseractEngine.defaultDataDirectory) {
        let checksums = settings.runtime.modelChecksums
        let settings = settings.reading(with: engine)
        // Tesseract's default method leaves the identity as it was before methods could be chosen.
        let thresholding = engine.thresholding.flatMap { $0 == .otsu ? nil : $0.rawValue }
        let models = settings.language.split(separator: "+").map { code in
            (String(code), Self.checksum(of: "\(dataDirectory)/\(code).traineddata", known: checksums))
        }
        // Reading as rendered keeps the identity it had before text sizing existed, so that a
        // store's earlier recognitions still answer for it.
        let sizing = settings.textSizing == .off ? "" : "|text size \(settings.textSizing.rawValue) \(TextSizing.ruleVersion)"
        let full = "tesseract \(TesseractEngine.version)|"
            + models.map { "\($0.0):\($0.1)" }.joined(separator: "+") + "|psm \(settings.pageSegmentation.rawValue)" + sizing
            + (thresholding.map { "|thresholding \($0)" } ?? "")
        digest = PixelDigest.hex(SHA256.hash(data: Data(full.utf8)))
        description = "tesseract \(TesseractEngine.version), "
            + models.map { "\($0.0) (\($0.1.prefix(8)))" }.joined(separator: " + ") + ", psm \(settings.pageSegmentation.rawValue)"
            + (settings.textSizing == .off ? "" : ", text size \(settings.textSizing.rawValue)")
            + (thresholding.map { ", thresholding \($0)" } ?? "")
    }

    /// The SHA-256 of a model file, or `missing` (the engine then fails to start anyway); `known`
    /// keeps those the run computed, by path, size and modification time.
    private static func checksum(of path: String, known checksums: Locked<[String: String]>) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let stamp = "\(path)|\(attributes?[.size] ?? 0)|\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        if let known = checksums.withLock({ $0[stamp] }) { return known }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) else { return "missing" }
        let sum = PixelDigest.hex(SHA256.hash(data: data))
        checksums.withLock { $0[stamp] = sum }
        return sum
    }
}
