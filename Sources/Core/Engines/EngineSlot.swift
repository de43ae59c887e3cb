import Imaging
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

/// A worker's engine made on its thread when the worker first reads: behind a result store, a
/// worker whose pages the store answers starts none. Used by that one thread only.
final class EngineOnFirstRead: Recognizer {
    private var slot: EngineSlot

    init(_ make: @escaping @Sendable () throws -> any Recognizer) {
        slot = EngineSlot(make)
    }

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try slot.engine().recognize(image, resolution: resolution)
    }

    func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        try slot.engine().recognize(image, resolution: resolution, monitor: monitor)
    }

    func recognize(_ image: RGBImage, resolution: Int?, engine settings: EngineSettings,
                   monitor: RecognitionMonitor?) throws -> RecognizedText {
        try slot.engine().recognize(image, resolution: resolution, engine: settings, monitor: monitor)
    }

    func addLastPage(to document: TesseractDocument, showing shown: PageImage, revision: LineRevision?) throws -> [UInt8]? {
        try slot.engine().addLastPage(to: document, showing: shown, revision: revision)
    }

    func releaseLastPage() { slot.ifMade?.releaseLastPage() }
}
