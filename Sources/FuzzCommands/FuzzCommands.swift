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
    var machine = SessionMachine(images: ["a.png", "b.png"], seed: 1)
    _ = machine.start(with: "a.png")
    _ = machine.imageLoaded("a.png")
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if let command = try? SessionCommand.parse(String(line), home: "/home/fuzz") {
            _ = machine.handle(command)
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
