import Foundation

/// The names the client sees for images: an image of the set by its path within the set's
/// folder, an upload by the name it was sent with; never where the server keeps either.
package struct DisplayNames: Sendable {
    /// The image set's folder, as given; nil when the set is not one folder.
    package var imageFolder: String?
    /// The folder the uploads are written to.
    package var uploads: String

    package init(imageFolder: String?, uploads: String) {
        self.imageFolder = imageFolder
        self.uploads = uploads
    }

    package func name(for path: String) -> String {
        if let within = Self.relative(path, to: uploads) {
            return URL(fileURLWithPath: within).lastPathComponent
        }
        if let imageFolder, let within = Self.relative(path, to: imageFolder) { return within }
        return URL(fileURLWithPath: path).lastPathComponent
    }

    /// A message (a refusal) with the image set's folder taken out of the paths it names, as
    /// reports name them; uploads' folders are the session's to take out (`BrowserSession.shown`).
    package func scrubbed(_ message: String) -> String {
        guard let imageFolder, !imageFolder.isEmpty else { return message }
        return message.replacingOccurrences(of: imageFolder.hasSuffix("/") ? imageFolder : imageFolder + "/", with: "")
    }

    /// `path` within `folder`, or nil when it is not inside it.
    static func relative(_ path: String, to folder: String) -> String? {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(base), path.count > base.count else { return nil }
        return String(path.dropFirst(base.count))
    }
}
