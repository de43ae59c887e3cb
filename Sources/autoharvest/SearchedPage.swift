/// What the page search read, as `bench/gate66.py` learns the page gate from it: the page's
/// features (`--explain`'s), the chain chosen, and every chain read whole with its score and its
/// text (nil for one read with other engine settings, which the renderer does not keep).
struct SearchedPage: Encodable {
    var auto: Auto

    struct Auto: Encodable {
        var features: [String: Double]
        var script: String
        var candidates: [Candidate]
    }

    struct Candidate: Encodable {
        var script: String
        var score: Double
        var text: String?
    }
}
