import Foundation
import TestSupport
import Testing

@Suite("A bare filterocr where there is no images/ folder")
struct StartWithoutImagesTests {
    @Test("says in one line how to give it images, and ends with status 1")
    func saysHowToGiveImages() async throws {
        let empty = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let result = try await Command.filterocr([], directory: empty)
        #expect(result.status == 1)
        #expect(result.errorLines == ["filterocr: no images/ folder here; give an image or a folder: filterocr --image PHOTO.jpg, "
                                      + "filterocr --images FOLDER, or filterocr ocr PHOTO.jpg for its text alone"],
                "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty, "nothing written where it ran")
    }

    @Test("the commands it names work from there", arguments: [["--image"], ["--images"], ["ocr"]])
    func namedCommandsWork(command: [String]) async throws {
        let empty = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        // A folder of one small image, so that the session's random start is a quick one.
        let folder = empty + "/scans"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Paths.images + "/price_tag.bmp", toPath: folder + "/price_tag.bmp")
        let target = command == ["--images"] ? "scans" : Paths.images + "/price_tag.bmp"
        // A script of one command: quit at once after the first recognition.
        let result = try await Command.filterocr(command + [target] + (command == ["ocr"] ? [] : ["--no-speculate"]),
                                           input: Data("quit\n".utf8), directory: empty)
        #expect(result.status == 0, "\(command): \(result.standardError)")
        #expect(!result.standardOutput.isEmpty)
    }

    @Test("an --images folder given by name that is missing is still named as such")
    func namedFolderMissing() async throws {
        let result = try await Command.filterocr(["--images", "scans"], directory: try Paths.temporaryDirectory())
        #expect(result.status == 1)
        #expect(result.errorLines == ["filterocr: error: scans: no such folder; give the image set with --images DIR "
                                      + "or one image with --image PATH"], "\(result.standardError)")
    }
}
