import Documents
import FileSystem
import Foundation
import ImageCodec

/// What the application core refuses, with what the user can do about it.
public enum ApplicationError: LocalizedError, Equatable, Sendable {
    /// Standard input holds a second image after the first.
    case severalImagesOnStandardInput(firstLength: Int, total: Int)
    /// The image set cannot be used.
    case imageSet(folder: String, problem: ImageSetProblem)
    /// An input argument names nothing: no such path, or a glob that matches no file.
    case inputNotFound(String)
    /// The inputs (files, folders, globs) hold no image or document of a known format.
    case noImages(in: [String])

    public enum ImageSetProblem: Equatable, Sendable {
        case missing, notAFolder, empty
    }

    public var errorDescription: String? {
        switch self {
        case let .severalImagesOnStandardInput(firstLength, total):
            "standard input holds more than one image (\(total - firstLength) more bytes follow the first "
                + "\(firstLength)); it takes one image: give several as files instead"
        case let .imageSet(folder, .missing):
            "\(folder): no such folder; give the image set with --images DIR or one image with --image PATH"
        case let .imageSet(folder, .notAFolder):
            "\(folder): is not a folder; use --image for one image"
        case let .imageSet(folder, .empty):
            "\(folder): no images in this folder (\(ReadableFormats.list))"
        case .inputNotFound(let input):
            BatchInputs.isPattern(input)
                ? "\(PathEncoding.displayed(input)): no file or folder matches this pattern"
                : "\(PathEncoding.displayed(input)): no such file or folder"
        case .noImages(let inputs):
            "no images in \(inputs.map(PathEncoding.displayed).joined(separator: ", ")) "
                + "(folders are searched for \(ReadableFormats.list) files)"
        }
    }
}
