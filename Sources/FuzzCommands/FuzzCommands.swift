// libFuzzer target: text through the REPL command parser and the command-script parser,
// and every parsed command through the session machine and filter state.
//
// Built with `make fuzz`, libFuzzer drives it; built normally, it replays files.
import Foundation
import FuzzSupport
import Imaging
import Session

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommands(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // A three-page document, so that page moves are driven too; the image set has an image.
    let pages = 3
    var machine = SessionMachine(images: ["a.png", "b.pdf"], seed: 1)
    _ = machine.start(with: "b.pdf")
    _ = machine.imageLoaded("b.pdf", page: .init(number: 1, count: pages))
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if let command = try? SessionCommand.parse(String(line), home: "/home/fuzz") {
            switch machine.handle(command) {
            case .load(let path): _ = machine.imageLoaded(path, page: path.hasSuffix(".pdf") ? .init(number: 1, count: pages) : nil)
            case .loadPage(_, let page):
                precondition((1...pages).contains(page), "a page move past the document was let through")
                _ = machine.pageLoaded(.init(number: page, count: pages))
            default: break
            }
        }
        _ = try? CommandWords.split(String(line))
    }
    if let script = try? CommandScript(text) { _ = try? script.finalState() }
    return 0
}

#if FUZZING
/// The package manager names an executable's entry `FuzzCommands_main`.
@_cdecl("FuzzCommands_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzEntry.runFuzzer(argc, argv) { data, size in data.map { fuzzCommands($0, size) } ?? 0 }
}
#else
@main
struct Replay {
    static func main() throws {
        try FuzzEntry.replay { data, size in data.map { fuzzCommands($0, size) } ?? 0 }
    }
}
#endif
