import Foundation

/// A run that could not start, or a recognition that failed, in the run's words.
public struct RunnerError: LocalizedError, Sendable {
    public let message: String
    public var errorDescription: String? { message }

    public init(message: String) {
        self.message = message
    }
}
