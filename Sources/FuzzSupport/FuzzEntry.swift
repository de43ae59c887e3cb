#if FUZZING
import CSanitizers
#endif
import Foundation

/// What every fuzz target does around its one function: under libFuzzer (`make fuzz`) hand
/// control to its driver; built normally, replay the files given as arguments.
public enum FuzzEntry {
    /// A fuzz target's function: one input, 0 to go on.
    public typealias Target = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    #if FUZZING
    /// Runs libFuzzer's driver with `target`, from the target's `main` (only fuzzer builds
    /// link the driver).
    public static func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                 _ target: Target) -> CInt {
        var (count, arguments) = (argc, argv)
        return LLVMFuzzerRunDriver(&count, &arguments, target)
    }
    #endif

    /// Runs `target` on each file named in the arguments, as the regression tests do.
    public static func replay(_ target: Target) throws {
        for path in CommandLine.arguments.dropFirst() {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            // An empty input still needs a valid pointer.
            let storage = bytes.isEmpty ? [0] : bytes
            storage.withUnsafeBufferPointer { _ = target($0.baseAddress, bytes.count) }
        }
    }
}
