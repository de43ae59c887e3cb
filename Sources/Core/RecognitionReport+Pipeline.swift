import Imaging
import Recognition
import Reports
import TextComparison
import WordFrequency

/// The pipeline's values as a report gives them: `Reports` sits below the pipeline, which
/// makes its reports, so the report knows the settings and the page only as it says them.
extension RecognitionReport {
    /// A report of a recognition made with `settings`.
    public init(image: String, filters: FilterState, recognized: RecognizedText, topWords: [WordCount], cached: Bool,
                timings: Timings, settings: RecognitionSettings, size: Size, accuracy: Accuracy? = nil) {
        self.init(image: image, filters: filters, recognized: recognized, topWords: topWords, cached: cached,
                  timings: timings, settings: Settings(settings), size: size, accuracy: accuracy)
    }
}

extension RecognitionReport.Settings {
    public init(_ settings: RecognitionSettings) {
        self.init(language: settings.language, pageSegmentation: settings.pageSegmentation, resolution: settings.resolution,
                  textSizing: settings.textSizing.rawValue, space: settings.space)
    }
}

extension RecognitionReport.Page {
    /// `page`, with its own text before recognition: `visible` (born digital) or `invisible`
    /// (an earlier OCR layer).
    public init(_ page: LoadedImage.Page) {
        self.init(number: page.number, count: page.count, textLayer: page.survey.flatMap { survey in
            survey.visibleText > 0 ? "visible" : survey.invisibleText > 0 ? "invisible" : nil
        })
    }
}
