import FileSystem
import Documents
import Foundation
import ImageCodec

/// The image files of a folder, sorted: what the REPL's `next` chooses from.
public enum ImageSet {
    public static func files(in folder: String) throws(ApplicationError) -> [String] {
        switch FileKind(at: folder) {
        case .missing: throw .imageSet(folder: folder, problem: .missing)
        case .directory: break
        case .symbolicLink where Folders.names(in: folder) != nil: break
        default: throw .imageSet(folder: folder, problem: .notAFolder)
        }
        let names = Folders.names(in: folder) ?? []
        let images = names.filter(Document.hasInputExtension).sorted()
        guard !images.isEmpty else { throw .imageSet(folder: folder, problem: .empty) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return images.map { prefix + $0 }
    }
}
