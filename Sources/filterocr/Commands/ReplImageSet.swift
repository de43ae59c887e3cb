import ArgumentParser
import Core

/// The images `next` chooses from in the REPL, and what a bare `filterocr` says when there are
/// none to start on.
enum ReplImageSet {
    /// The folder `--images` names when it is not given: the repository's sample images.
    static let defaultFolder = "images"

    /// The image files of `folder`. Without a start image a missing folder stops the session;
    /// when it is the default folder, the user most likely ran a bare `filterocr` outside the
    /// repository, and the message says how to give images instead of naming a folder they
    /// never asked for.
    static func files(in folder: String, startImage: String?) throws -> [String] {
        do {
            return try ImageSet.files(in: folder)
        } catch {
            // A start image makes the set optional; without one the session has nothing to show.
            guard startImage == nil else { return [] }
            guard folder == defaultFolder, case .imageSet(_, .missing) = error else {
                Terminal.printError(Terminal.message(for: error))
                throw ExitCode.failure
            }
            Terminal.printNotice(missingDefaultFolder)
            throw ExitCode.failure
        }
    }

    static let missingDefaultFolder = "no \(defaultFolder)/ folder here; give an image or a folder: filterocr --image PHOTO.jpg, "
        + "filterocr --images FOLDER, or filterocr ocr PHOTO.jpg for its text alone"
}
