/// The documents filterocr writes in Tesseract's formats: the one table that `--format`'s
/// values and help, `-o`, the REPL's `save` (its extensions, help and refusal) and the
/// renderers are made from.
public enum DocumentFormat: String, Sendable, CaseIterable {
    case txt, tsv, hocr, alto, pdf

    /// The extension Tesseract's renderer appends to the output base, and that `save`
    /// recognises the format by.
    public var fileExtension: String {
        switch self {
        case .alto: "xml"
        default: rawValue
        }
    }

    /// The extensions a file of this format is known by: `fileExtension` first, then ALTO's
    /// own `.alto`, which OCRmyPDF's and Tesseract's users also write.
    public var fileExtensions: [String] {
        switch self {
        case .alto: [fileExtension, "alto"]
        default: [fileExtension]
        }
    }

    /// One line for help.
    public var summary: String {
        switch self {
        case .txt: "Tesseract's plain text, pages separated by form feeds"
        case .tsv: "Tesseract's TSV: one row per block, paragraph, line and word, with boxes and confidences"
        case .hocr: "Tesseract's hOCR (HTML with word boxes)"
        case .alto: "Tesseract's ALTO XML"
        case .pdf: "a searchable PDF: each image as loaded, under an invisible layer of the text recognised (not "
            + "PDF/A: ocrmypdf --plugin filterocr_ocrmypdf --output-type pdfa makes one)"
        }
    }

    /// The format a file named `path` is written in, by its extension (any case).
    public init?(path: String) {
        let lowered = path.lowercased()
        guard let format = Self.allCases.first(where: { format in
            format.fileExtensions.contains { lowered.hasSuffix("." + $0) }
        }) else { return nil }
        self = format
    }

    /// `.txt, .tsv, .hocr, .xml or .alto (ALTO) or .pdf`: the extensions as help and refusals list them.
    public static var extensionList: String {
        spokenList(allCases.map(\.extensionsNamed))
    }

    /// `.pdf`; `.xml or .alto (ALTO)`.
    public var extensionsNamed: String {
        fileExtensions.map { "." + $0 }.joined(separator: " or ") + (fileExtension == rawValue ? "" : " (\(rawValue.uppercased()))")
    }

    /// `txt, tsv, hocr, alto or pdf`.
    public static var nameList: String {
        spokenList(allCases.map(\.rawValue))
    }

    /// `a, b or c`: names as help and refusals list them.
    public static func spokenList(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
