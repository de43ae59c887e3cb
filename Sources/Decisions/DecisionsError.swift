/// Why a model could not be loaded or applied.
public enum DecisionsError: Error, Equatable, CustomStringConvertible {
    /// The model file is not JSON of the expected shape.
    case unreadable(String)
    /// The model file's `format` is one this version does not read.
    case unsupportedFormat(String)
    /// A tree's arrays disagree, or a node points outside the tree.
    case malformedTree(Int, String)
    /// A vector lacks a feature the model reads.
    case missingFeature(String)
    /// A feature is infinite or not a number.
    case notFinite(String, Double)

    public var description: String {
        switch self {
        case .unreadable(let why): "the model file cannot be read: \(why)"
        case .unsupportedFormat(let format): "the model file's format is \(format), where filterocr reads \(ModelFile.format)"
        case .malformedTree(let index, let why): "tree \(index) of the model is malformed: \(why)"
        case .missingFeature(let name): "the model reads the feature \(name), which was not measured"
        case .notFinite(let name, let value): "the feature \(name) is \(value), where a model needs a finite number"
        }
    }
}
