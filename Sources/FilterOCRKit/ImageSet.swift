import Foundation
import ImageCodec

/// The image files of a folder, sorted: what the REPL's `next` chooses from.
public enum ImageSet {
    public static func files(in folder: String) throws(ApplicationError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw .imageSet(folder: folder, problem: .missing)
        }
        guard isDirectory.boolValue else { throw .imageSet(folder: folder, problem: .notAFolder) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let images = names.filter(ImageFormat.hasImageExtension).sorted()
        guard !images.isEmpty else { throw .imageSet(folder: folder, problem: .empty) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return images.map { prefix + $0 }
    }
}
