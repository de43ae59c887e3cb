import ArgumentParser
import Foundation
import ImageCodec

/// `filterocr repl` (and bare `filterocr`): the interactive session.
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Move an image through filters and see what Tesseract reads after every change.",
        discussion: """
            Starts on a random image of the image set in the original segment. Commands: \
            original, blur, binarize, 25%, 75%, slider V (0-3 or 0%-300%), next, open PATH, \
            text, words, top, show, save PATH.png, status, help, quit. On a terminal the line \
            has editing, history and tab completion; from a pipe, one command per line.
            """
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var feedOptions: FeedOptions

    @Option(name: .long, help: "The image set that next chooses from.")
    var images = "images"

    @Option(name: .long, help: "Start on this image instead of a random one.")
    var image: String?

    @Option(name: .long, help: "Seed for the random choice of images, for reproducible sessions.")
    var seed: UInt64?

    @Flag(name: .long, help: "Print one JSON object per transition instead of a report.")
    var json = false

    @Option(name: .long, help: "Memory for rendered images kept for instant revisits, in megabytes.")
    var cacheMegabytes = 1024

    func validate() throws {
        guard cacheMegabytes >= 0 else { throw ValidationError("--cache-megabytes must be 0 or more, e.g. 512") }
    }

    func run() throws {
        let imageSet = try Terminal.orExit { () throws -> [String] in
            do {
                return try ImageSet.files(in: images)
            } catch let error as ImageSet.Problem {
                // A start image makes the set optional; without one the session has nothing to show.
                guard image != nil else { throw error }
                return []
            }
        }
        let pipeline = try common.makePipeline(ignoredWords: feedOptions.ignoredWords)
        let session = ReplSession(
            pipeline: pipeline, images: imageSet, seed: seed ?? UInt64.random(in: .min ... .max),
            output: json ? .json : .report, publisher: feedOptions.makePublisher(source: "repl"),
            cacheBudget: cacheMegabytes << 20
        )
        session.run(startingWith: image, input: LineInput.standardInput(prompt: session.prompt))
    }
}

/// The image files of a folder, sorted, for `next` to choose from.
enum ImageSet {
    struct Problem: LocalizedError {
        let message: String
        var errorDescription: String? { message }
    }

    static let extensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "bmp", "pnm", "ppm", "pgm", "pbm",
                                          "webp", "gif", "jp2"]

    static func files(in folder: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw Problem(message: "\(folder): no such folder; give the image set with --images DIR or one image with --image PATH")
        }
        guard isDirectory.boolValue else { throw Problem(message: "\(folder): is not a folder; use --image for one image") }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let images = names.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        guard !images.isEmpty else {
            throw Problem(message: "\(folder): no images in this folder (\(ImageFormat.supportedList))")
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return images.map { prefix + $0 }
    }
}
