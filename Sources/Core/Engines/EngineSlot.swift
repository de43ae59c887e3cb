import Recognition

/// An engine thread's engine, made when the thread starts or when it is first asked to read,
/// and kept for the thread's life; one that could not be made keeps why, to answer every job
/// with.
struct EngineSlot {
    private let make: @Sendable () throws -> any Recognizer
    private var made: Result<any Recognizer, any Error>?

    init(_ make: @escaping @Sendable () throws -> any Recognizer) {
        self.make = make
    }

    /// The engine, made now if it was not yet; throws what stopped it.
    mutating func engine() throws -> any Recognizer {
        if made == nil { made = Result { try make() } }
        return try made!.get()
    }

    /// The engine if it was made, for what only a made engine holds (its last page).
    var ifMade: (any Recognizer)? { try? made?.get() }
}
