import Foundation
import ImageCodec
import Imaging

/// Writes a rendered image as PNG for `filter`, the REPL's `save` and `batch --save-dir`:
/// the file is replaced only once the new one is complete, and a failure says what to do.
public enum PNGOutput {
    /// The name that means standard output, as Unix tools write it.
    public static let standardOutputName = "-"

    public static func write(_ image: RGBImage, resolution: Int?, to path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try LibraryDiagnostics.silenced { try PNGEncoder.encode(image, resolution: resolution) }
        } catch {
            throw ApplicationError.cannotWrite(path: path, reason: oneLineMessage(for: error))
        }
        if path == standardOutputName {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        try checkFolder(of: path)
        do {
            try ImageFile.write(bytes, to: path)
        } catch {
            throw ApplicationError.cannotWrite(path: path, reason: reason(for: error))
        }
    }

    /// Refuses a path whose folder is missing, before any work is done for it.
    public static func checkFolder(of path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw ApplicationError.missingOutputFolder(path: path, folder: folder)
        }
        guard isDirectory.boolValue else {
            throw ApplicationError.cannotWrite(path: path, reason: "\(folder) is a file, not a folder")
        }
    }

    private static func reason(for error: any Error) -> String {
        switch (error as? CocoaError)?.code {
        case .fileWriteNoPermission?: "permission denied"
        case .fileWriteOutOfSpace?: "the disk is full"
        case .fileWriteVolumeReadOnly?: "the disk is read-only"
        default: oneLineMessage(for: error)
        }
    }
}
