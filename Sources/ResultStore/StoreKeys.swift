/// What a recognition is stored under: everything that determines it.
public struct RecognitionKey: Sendable, Hashable {
    /// The digest of the pixels Tesseract is given: the decoded page after its filter script.
    public var page: String
    /// The digest of the engine's identity (`EngineIdentity`): languages and their models'
    /// checksums, page segmentation, Tesseract's version.
    public var engine: String
    /// The resolution Tesseract is told, 0 when it estimates one.
    public var resolution: Int

    public init(page: String, engine: String, resolution: Int?) {
        self.page = page
        self.engine = engine
        self.resolution = resolution ?? 0
    }
}

/// What one page of a document in a Tesseract format is stored under: the recognition, and
/// what else the bytes Tesseract's renderer writes for it depend on.
public struct FragmentKey: Sendable, Hashable {
    public var recognition: RecognitionKey
    /// The format's name (`hocr`, `alto`, `tsv`, `txt`).
    public var format: String
    /// The page's place in its document, from 0: hOCR and ALTO number their elements by it.
    public var pageNumber: Int
    /// The file Tesseract names as the page's input, or "" for none.
    public var inputName: String

    public init(recognition: RecognitionKey, format: String, pageNumber: Int, inputName: String?) {
        self.recognition = recognition
        self.format = format
        self.pageNumber = pageNumber
        self.inputName = inputName ?? ""
    }
}

/// What a file's page rendered by a filter script is known by before it is decoded: a digest
/// of the file's bytes, the page, the operations, the settings that shape the rendering and
/// the build that renders it (`RenderingSource` in Core makes it).
public struct RenderingKey: Sendable, Hashable {
    /// The SHA-256 of all of that, in hex.
    public var source: String

    public init(source: String) {
        self.source = source
    }
}

/// What a file's page became under a filter script, as last recognised: the pixels' digest
/// (the recognition's `RecognitionKey.page`) and the facts a report gives of them, so that a
/// run answers from the store without decoding the file again.
public struct StoredRendering: Sendable, Hashable {
    /// The digest of the rendered pixels.
    public var page: String
    public var width: Int
    public var height: Int
    /// The resolution the file itself gives, nil for none.
    public var fileResolution: Int?

    public init(page: String, width: Int, height: Int, fileResolution: Int?) {
        (self.page, self.width, self.height, self.fileResolution) = (page, width, height, fileResolution)
    }
}
