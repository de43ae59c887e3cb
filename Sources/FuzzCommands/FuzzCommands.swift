// libFuzzer target: text through the REPL command parser and the command-script parser,
// and every parsed command through the session machine and filter state.
//
// Built with `make fuzz`, libFuzzer drives it; built normally, it replays files.
import Foundation
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
import CSanitizers

/// The package manager names an executable's entry `FuzzCommands_main`; under the fuzzer it
/// hands control to libFuzzer's driver.
@_cdecl("FuzzCommands_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var (count, arguments) = (argc, argv)
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzCommands(data, size)
    }
}
#else
@main
struct Replay {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            // An empty input still needs a valid pointer.
            let storage = bytes.isEmpty ? [0] : bytes
            storage.withUnsafeBufferPointer { _ = fuzzCommands($0.baseAddress.unsafelyUnwrapped, bytes.count) }
        }
    }
}
#endif
