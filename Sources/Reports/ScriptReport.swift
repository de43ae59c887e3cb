import Imaging

/// What a command script does to the page, as `filterocr script` prints it for a program that
/// runs filterocr and lays the text over its own page (the OCRmyPDF plugin), so that it asks
/// filterocr's parser rather than reading scripts itself.
public struct ScriptReport: Encodable, Sendable, Equatable {
    public static let currentSchema = 1

    public var schemaVersion = ScriptReport.currentSchema
    /// The script as filterocr writes the state it leads to: `original`, `psm 6; median; then rotate`.
    public var script: String
    /// Whether the text read lies elsewhere than on the page given (turned, cropped, deskewed, dewarped).
    public var movesPage: Bool
    /// Whether the text read lies over the page given only once scaled to it.
    public var resizesPage: Bool
    /// The filters that move the page, and those that resize it, each once.
    public var moving: [String]
    public var resizing: [String]
    /// The engine settings the script sets: `psm`, `thresholding`; absent where it sets none.
    public var engine: Engine

    public struct Engine: Encodable, Sendable, Equatable {
        public var psm: Int?
        public var thresholding: String?
    }

    public init(_ effects: ScriptEffects) {
        script = effects.state.description
        movesPage = effects.movesPage
        resizesPage = effects.resizesPage
        moving = effects.moving.map(\.rawValue)
        resizing = effects.resizing.map(\.rawValue)
        engine = Engine(psm: effects.engine.pageSegmentation, thresholding: effects.engine.thresholding?.rawValue)
    }
}
