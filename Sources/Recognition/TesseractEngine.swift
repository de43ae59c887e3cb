internal import CTesseract
import ImageCodec
import Foundation
import Imaging

/// One initialised Tesseract engine that recognises pixel buffers from memory, many times.
///
/// Initialising loads the language model (tens of milliseconds to seconds), so an engine is
/// made once and reused. Not `Sendable`: a Tesseract handle serves one thread at a time; run
/// several engines for parallel work.
public final class TesseractEngine {
    /// Images narrower or shorter than this cannot contain a readable glyph.
    public static let minimumSide = 3

    public let language: String
    public let pageSegmentation: PageSegmentation
    private let handle: OpaquePointer

    /// Starts an engine for `language` (Tesseract codes such as `eng` or `eng+deu`).
    ///
    /// - Parameter dataDirectory: the folder holding `*.traineddata`; by default
    ///   `TESSDATA_PREFIX` or Debian's location.
    public init(language: String = "eng", pageSegmentation: PageSegmentation = .default,
                dataDirectory: String? = nil) throws(RecognitionError) {
        let directory = dataDirectory ?? Self.defaultDataDirectory
        for part in language.split(separator: "+") {
            let model = "\(directory)/\(part).traineddata"
            guard FileManager.default.fileExists(atPath: model) else {
                throw .missingLanguageData(language: String(part), directory: directory)
            }
        }
        guard let handle = TessBaseAPICreate() else { throw .engineFailedToStart(language: language) }
        // Tesseract's diagnostics ("Estimating resolution", warnings) go to its debug file;
        // a user of filterocr sees filterocr's own messages instead.
        TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        guard TessBaseAPIInit3(handle, directory, language) == 0 else {
            TessBaseAPIDelete(handle)
            throw .engineFailedToStart(language: language)
        }
        TessBaseAPISetPageSegMode(handle, pageSegmentation.tesseractMode)
        self.handle = handle
        self.language = language
        self.pageSegmentation = pageSegmentation
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Tesseract's version string, such as `5.3.0`.
    public static var version: String { String(cString: TessVersion()) }

    /// Recognises the text in `image`.
    ///
    /// - Parameter resolution: the DPI to tell Tesseract, normally the one the image file
    ///   recorded. With nil, Tesseract estimates it from the size of the text, exactly as its
    ///   command line does for such a file, so filterocr reads every file as that does.
    public func recognize(_ image: RGBImage, resolution: Int? = nil) throws(RecognitionError) -> RecognizedText {
        try recognize(image, resolution: resolution, monitor: nil)
    }

    /// `recognize(_:resolution:)`, watched by `monitor`: told the progress, and able to stop it.
    public func recognize(_ image: RGBImage, resolution: Int?,
                          monitor: RecognitionMonitor?) throws(RecognitionError) -> RecognizedText {
        try recognize(image, resolution: resolution, engine: EngineSettings(), monitor: monitor)
    }

    /// `recognize(_:resolution:monitor:)` with `engine`'s settings for this reading alone: the
    /// engine's own are back once it is read.
    public func recognize(_ image: RGBImage, resolution: Int?, engine: EngineSettings,
                          monitor: RecognitionMonitor?) throws(RecognitionError) -> RecognizedText {
        try recognize(image, resolution: resolution, engine: engine, monitor: monitor, symbolChoices: false)
    }

    /// `recognize(_:resolution:engine:monitor:)`; with `symbolChoices`, each word keeps its
    /// characters and the LSTM's alternatives for each (Tesseract's `lstm_choice_mode` 2).
    public func recognize(_ image: RGBImage, resolution: Int?, engine: EngineSettings, monitor: RecognitionMonitor?,
                          symbolChoices: Bool) throws(RecognitionError) -> RecognizedText {
        guard image.width >= Self.minimumSide, image.height >= Self.minimumSide else {
            throw .imageTooSmall(width: image.width, height: image.height)
        }
        if let mode = engine.pageSegmentation.flatMap(PageSegmentation.init(rawValue:)), mode != pageSegmentation {
            TessBaseAPISetPageSegMode(handle, mode.tesseractMode)
        }
        if let method = engine.thresholding, method != .otsu {
            TessBaseAPISetVariable(handle, "thresholding_method", String(method.tesseractValue))
        }
        if symbolChoices { TessBaseAPISetVariable(handle, "lstm_choice_mode", "2") }
        // Set back before the next reading.
        defer {
            if engine.pageSegmentation != nil { TessBaseAPISetPageSegMode(handle, pageSegmentation.tesseractMode) }
            if engine.thresholding != nil { TessBaseAPISetVariable(handle, "thresholding_method", "0") }
            if symbolChoices { TessBaseAPISetVariable(handle, "lstm_choice_mode", "0") }
        }
        // The results and Tesseract's copies of the page are freed once read: a document's page
        // is written from the reading (`PageWriting`), so the engine holds nothing between pages.
        defer { TessBaseAPIClear(handle) }
        give(image, resolution: resolution)
        return try readGiven(image, monitor: monitor, symbolChoices: symbolChoices)
    }

    /// Recognises each of `lines`, rectangles of `image` in its pixels, as one line of text
    /// (`segmentation`: Tesseract's single line, psm 7, unless said): the image is given to
    /// Tesseract once and each rectangle is thresholded and read on its own, so that reading a
    /// page's lines again costs their pixels, not the page's, and no crop is copied. Each
    /// reading's boxes are in `image`'s pixels. A rectangle is clipped to the image; one left
    /// smaller than `minimumSide` reads as nothing.
    public func recognizeLines(_ image: RGBImage, lines: [BoundingBox], resolution: Int?,
                               segmentation: PageSegmentation = .singleLine, engine: EngineSettings = EngineSettings(),
                               monitor: RecognitionMonitor? = nil,
                               symbolChoices: Bool = false) throws(RecognitionError) -> [RecognizedText] {
        guard image.width >= Self.minimumSide, image.height >= Self.minimumSide else {
            throw .imageTooSmall(width: image.width, height: image.height)
        }
        TessBaseAPISetPageSegMode(handle, segmentation.tesseractMode)
        if let method = engine.thresholding, method != .otsu {
            TessBaseAPISetVariable(handle, "thresholding_method", String(method.tesseractValue))
        }
        if symbolChoices { TessBaseAPISetVariable(handle, "lstm_choice_mode", "2") }
        defer {
            TessBaseAPISetPageSegMode(handle, pageSegmentation.tesseractMode)
            if engine.thresholding != nil { TessBaseAPISetVariable(handle, "thresholding_method", "0") }
            if symbolChoices { TessBaseAPISetVariable(handle, "lstm_choice_mode", "0") }
        }
        defer { TessBaseAPIClear(handle) }
        give(image, resolution: resolution)
        var readings: [RecognizedText] = []
        readings.reserveCapacity(lines.count)
        for line in lines {
            let left = max(0, line.x), top = max(0, line.y)
            let right = min(image.width, line.x + line.width), bottom = min(image.height, line.y + line.height)
            guard right - left >= Self.minimumSide, bottom - top >= Self.minimumSide else {
                readings.append(RecognizedText(text: "", meanConfidence: 0, words: [],
                                               layout: PageLayout(width: image.width, height: image.height,
                                                                  resolution: resolution ?? 0, blocks: [])))
                continue
            }
            TessBaseAPISetRectangle(handle, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
            readings.append(try readGiven(image, monitor: monitor, symbolChoices: symbolChoices))
        }
        return readings
    }

    /// Gives `image` to Tesseract, and the resolution it was made at.
    private func give(_ image: RGBImage, resolution: Int?) {
        if image.isGreyscale {
            // One byte per pixel, as Tesseract's command line passes a grey file: it then
            // thresholds one channel instead of three. A black-and-white page goes as grey
            // too: passed as 1 bit, as the command line passes a 1-bit file, it reads 2-4%
            // faster but worse on some pages of the development set's tune split (a dark slide
            // made a fax: CER 0.14 -> 0.58; turned pages of the test split: 0.245 -> 0.283).
            image.greySamples().withUnsafeBufferPointer { grey in
                TessBaseAPISetImage(handle, grey.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
            }
        } else {
            image.withUnsafeSamples { samples in
                TessBaseAPISetImage(handle, samples.baseAddress, Int32(image.width), Int32(image.height),
                                    Int32(RGBImage.channels), Int32(image.bytesPerRow))
            }
        }
        if let resolution {
            TessBaseAPISetSourceResolution(handle, Int32(clamping: resolution))
        }
    }

    /// Recognises what was given (the image, or the rectangle set in it) and reads the result.
    private func readGiven(_ image: RGBImage, monitor: RecognitionMonitor?,
                           symbolChoices: Bool) throws(RecognitionError) -> RecognizedText {
        let succeeded = Self.withTesseractMonitor(monitor) { TessBaseAPIRecognize(handle, $0) == 0 }
        if monitor?.isCancelled == true { throw .cancelled }
        if monitor?.isPastDeadline == true { throw .timedOut }
        guard succeeded else { throw .recognitionFailed }

        let text = takeString(TessBaseAPIGetUTF8Text(handle)) ?? ""
        let reading = withResultIterator { LayoutReading($0, isDictionaryWord: isDictionaryWord, symbols: symbolChoices) }
        let words = reading?.words ?? []
        let confidence = words.isEmpty ? 0 : Int(TessBaseAPIMeanTextConf(handle))
        var layout = PageLayout(width: image.width, height: image.height,
                                resolution: Int(TessBaseAPIGetSourceYResolution(handle)), blocks: reading?.blocks ?? [])
        layout.followsLastWord = reading?.followsLastWord
        return RecognizedText(text: text, meanConfidence: confidence, words: words, layout: layout)
    }

    /// Whether the loaded language's dictionary knows `word` once the punctuation around it
    /// is taken off: `Total:` and `(receipt)` count, `T0tal` does not.
    public func isDictionaryWord(_ word: String) -> Bool {
        let core = word.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
        guard core.contains(where: \.isLetter) else { return false }
        return TessBaseAPIIsValidWord(handle, core) != 0
    }

    /// Runs `body` with the result iterator of the last recognition and frees it afterwards,
    /// so it can neither leak nor be freed with the wrong function.
    private func withResultIterator<Result>(_ body: (OpaquePointer) -> Result) -> Result? {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return nil }
        defer { TessResultIteratorDelete(iterator) }
        return body(iterator)
    }

    /// Runs `body` with a Tesseract monitor that reports to `monitor` (none without one).
    private static func withTesseractMonitor<Result>(_ monitor: RecognitionMonitor?,
                                                     _ body: (OpaquePointer?) -> Result) -> Result {
        guard let monitor, let tesseract = TessMonitorCreate() else { return body(nil) }
        defer { TessMonitorDelete(tesseract) }
        // The monitor outlives the call, which is the only place Tesseract uses the pointer.
        TessMonitorSetCancelThis(tesseract, Unmanaged.passUnretained(monitor).toOpaque())
        TessMonitorSetCancelFunc(tesseract) { this, _ in
            guard let this else { return false }
            return Unmanaged<RecognitionMonitor>.fromOpaque(this).takeUnretainedValue().shouldStop
        }
        TessMonitorSetProgressFunc(tesseract) { tesseract, _, _, _, _ in
            guard let this = TessMonitorGetCancelThis(tesseract) else { return true }
            Unmanaged<RecognitionMonitor>.fromOpaque(this).takeUnretainedValue().report(Int(TessMonitorGetProgress(tesseract)))
            return true
        }
        return body(tesseract)
    }

    public static var defaultDataDirectory: String {
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            return prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        }
        return "/usr/share/tesseract-ocr/5/tessdata"
    }
}

/// Copies a string Tesseract allocated and frees the original.
func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { TessDeleteText(pointer) }
    return String(cString: pointer)
}
