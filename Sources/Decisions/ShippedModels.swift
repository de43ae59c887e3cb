import Foundation

/// The models `--auto-by learned` decides with, trained by bench/learn66.sh on the development
/// corpus's train split, their thresholds set on its validation split, and compiled into the
/// binary from Sources/Decisions/Models (each file names its training run and the figures it
/// reached).
public enum ShippedModels {
    /// Which reading of each column of a line to keep (bench/train66.py); its `line` threshold is
    /// the least summed preference that lets a line change.
    public static let columnChooser = model(PackageResources.column_chooser_json, named: "column-chooser.json")
    /// Whether a page is searched whole (bench/gate66.py); its `gate` threshold is the least
    /// probability at which it is.
    public static let pageGate = model(PackageResources.page_gate_json, named: "page-gate.json")

    /// The model in the bytes compiled in. They are the repository's own files, and a test decodes
    /// every one, so a file that does not decode is a fault of the build, not of the user's input.
    static func model(_ bytes: [UInt8], named name: String) -> ModelFile {
        do {
            return try ModelFile.decode(Data(bytes))
        } catch {
            fatalError("the shipped model \(name) does not decode: \(error)")
        }
    }
}
