import ArgumentParser
import Core
import FileSystem

/// Where the truth comes from, for the accuracy of every recognition, or none.
struct TruthOptions: ParsableArguments {
    @OptionGroup var file: TruthFileOption

    @Flag(name: .long, help: "Do not score recognitions against any truth.")
    var noTruth = false

    func validate() throws {
        if file.truth != nil && noTruth { throw ValidationError("give --truth FILE or --no-truth, not both") }
    }

    var source: TruthSource { noTruth ? .none : file.source }
}

/// Where the truth comes from, for a command that needs one (`report`, `tune`).
struct TruthFileOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The text the images really contain, to score every recognition against.",
                                            discussion: "By default NAME.txt beside each image NAME.ext, when there is one.",
                                            valueName: "file"))
    var truth: String?

    func validate() throws {
        if let truth {
            guard FileKind(at: truth) != .missing else { throw ValidationError("--truth \(truth): no such file") }
        }
    }

    var source: TruthSource { truth.map { .file($0) } ?? .sidecar }
}
