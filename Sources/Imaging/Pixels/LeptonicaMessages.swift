package import CTesseract

/// Leptonica's messages, quieted through its own hooks: its severity threshold, and its
/// standard-error handler, which every message it prints goes through. Callers check
/// Leptonica's return values and say what failed in filterocr's words.
package enum LeptonicaMessages {
    private static let quieted: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
        leptSetStderrHandler { _ in }
    }()

    /// Installs both hooks, once for the process; every later call costs a load.
    package static func quiet() { quieted }
}
