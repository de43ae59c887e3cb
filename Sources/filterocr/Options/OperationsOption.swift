import ArgumentParser
import Imaging

/// The `--ops` command script of `filter` and `batch`, parsed once, as the option is read.
enum OperationsOption {
    static func state(from script: String) throws -> FilterState {
        do {
            return try CommandScript(script).finalState()
        } catch {
            throw ValidationError(error.description)
        }
    }
}
