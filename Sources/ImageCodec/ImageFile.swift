import Foundation

/// Reads image files from disk: the only file access of the codec.
public enum ImageFile {
    /// Reads and decodes the image at `path`.
    public static func load(_ path: String, decoder: ImageDecoder = ImageDecoder()) throws(ImageLoadError) -> DecodedImage {
        try decoder.decode(readBytes(path), source: path)
    }

    /// The bytes of the file at `path`, or an error that says what is wrong with it.
    public static func readBytes(_ path: String) throws(ImageLoadError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImageLoadError(source: path, problem: .notFound)
        }
        guard !isDirectory.boolValue else { throw ImageLoadError(source: path, problem: .isDirectory) }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as CocoaError where error.code == .fileReadNoPermission {
            throw ImageLoadError(source: path, problem: .unreadable("permission denied"))
        } catch {
            throw ImageLoadError(source: path, problem: .unreadable(error.localizedDescription))
        }
    }

    /// Writes encoded image bytes to `path`; an existing file is replaced only once the whole
    /// new file is written.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
