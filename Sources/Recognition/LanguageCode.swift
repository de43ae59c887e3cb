import Foundation

/// Tesseract's language codes, the English names people type instead of them, and the
/// Debian package that carries each one's data.
public enum LanguageCode {
    /// Tesseract's codes (tessdata's file names) by English name, lowercased.
    static let byName: [String: String] = [
        "afrikaans": "afr", "albanian": "sqi", "amharic": "amh", "arabic": "ara", "armenian": "hye",
        "assamese": "asm", "azerbaijani": "aze", "basque": "eus", "belarusian": "bel", "bengali": "ben",
        "bosnian": "bos", "breton": "bre", "bulgarian": "bul", "burmese": "mya", "catalan": "cat",
        "cebuano": "ceb", "cherokee": "chr", "chinese": "chi_sim", "simplified chinese": "chi_sim",
        "traditional chinese": "chi_tra", "corsican": "cos", "croatian": "hrv", "czech": "ces",
        "danish": "dan", "dutch": "nld", "dzongkha": "dzo", "english": "eng", "esperanto": "epo",
        "estonian": "est", "faroese": "fao", "filipino": "fil", "finnish": "fin", "french": "fra",
        "frisian": "fry", "galician": "glg", "georgian": "kat", "german": "deu", "greek": "ell",
        "gujarati": "guj", "haitian": "hat", "hebrew": "heb", "hindi": "hin", "hungarian": "hun",
        "icelandic": "isl", "indonesian": "ind", "inuktitut": "iku", "irish": "gle", "italian": "ita",
        "japanese": "jpn", "javanese": "jav", "kannada": "kan", "kazakh": "kaz", "khmer": "khm",
        "korean": "kor", "kurdish": "kmr", "kyrgyz": "kir", "lao": "lao", "latin": "lat", "latvian": "lav",
        "lithuanian": "lit", "luxembourgish": "ltz", "macedonian": "mkd", "malay": "msa", "malayalam": "mal",
        "maltese": "mlt", "maori": "mri", "marathi": "mar", "mongolian": "mon", "nepali": "nep",
        "norwegian": "nor", "occitan": "oci", "oriya": "ori", "pashto": "pus", "persian": "fas",
        "polish": "pol", "portuguese": "por", "punjabi": "pan", "quechua": "que", "romanian": "ron",
        "russian": "rus", "sanskrit": "san", "scottish gaelic": "gla", "serbian": "srp", "sindhi": "snd",
        "sinhala": "sin", "slovak": "slk", "slovenian": "slv", "spanish": "spa", "sundanese": "sun",
        "swahili": "swa", "swedish": "swe", "syriac": "syr", "tagalog": "tgl", "tajik": "tgk", "tamil": "tam",
        "tatar": "tat", "telugu": "tel", "thai": "tha", "tibetan": "bod", "tigrinya": "tir", "tongan": "ton",
        "turkish": "tur", "uyghur": "uig", "ukrainian": "ukr", "urdu": "urd", "uzbek": "uzb",
        "vietnamese": "vie", "welsh": "cym", "yiddish": "yid", "yoruba": "yor",
    ]

    /// The code for `word` when it is a language's name rather than a code (`german` → `deu`).
    public static func code(forName word: String) -> String? {
        byName[word.lowercased().replacingOccurrences(of: "_", with: " ")]
    }

    /// Debian's package for `code`'s data: `tesseract-ocr-deu`, `tesseract-ocr-chi-sim`.
    public static func debianPackage(for code: String) -> String {
        "tesseract-ocr-" + code.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The languages installed in `directory`, by code, sorted.
    public static func installed(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".traineddata") }.map { String($0.dropLast(".traineddata".count)) }.sorted()
    }
}
