import ArgumentParser
import Foundation
import Reports

/// What `pages` and `lines` take alike: the images, the folder their JSON files go to, and
/// whether images already harvested there are left out.
struct HarvestOptions: ParsableArguments {
    @Option(help: "The folder the JSON files go to (NAME.json for each image NAME.EXT).")
    var out: String

    @Flag(help: "Leave out the images whose JSON file is already in the folder: a harvest stopped halfway goes on.")
    var skipExisting = false

    @Argument(help: "The images.")
    var images: [String]

    /// Runs `harvest` on each image (its path and its name without the extension) not yet
    /// harvested. An image that fails costs that image only: it is named on standard error, and
    /// the command ends with status 1.
    func each(_ harvest: (_ path: String, _ name: String) throws -> Void) throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var failed = 0
        for path in images {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            if skipExisting, FileManager.default.fileExists(atPath: "\(out)/\(name).json") { continue }
            do {
                try harvest(path, name)
            } catch {
                failed += 1
                let message = oneLineMessage(for: error)
                FileHandle.standardError.write(Data("autoharvest: \(message.hasPrefix(path) ? message : "\(path): \(message)")\n".utf8))
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }

    /// Writes `value` as `NAME.SUFFIX` in the folder, its keys sorted.
    func write(_ value: some Encodable, as file: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(value).write(to: URL(fileURLWithPath: "\(out)/\(file)"))
    }
}
