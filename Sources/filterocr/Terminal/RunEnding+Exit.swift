import ArgumentParser
import Runs

extension RunEnding {
    /// Ends the command as the run ended: returns when its status is 0, and otherwise throws
    /// the `ExitCode` Argument Parser exits with.
    func exit() throws {
        if exitStatus != ExitStatus.success { throw ExitCode(exitStatus) }
    }
}
