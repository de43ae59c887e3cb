import Imaging
import Testing

@Suite("The engine's own settings in command scripts")
struct EngineSettingsScriptTests {
    private func state(_ script: String) throws -> FilterState {
        try CommandScript(script).finalState()
    }

    @Test("psm and thresholding set the engine's settings beside the filters, and the script says them first")
    func settingsBesideFilters() throws {
        let chained = try state("psm 6; then median")
        #expect(chained.engine == EngineSettings(pageSegmentation: 6))
        #expect(chained.operationNames == ["median 25%"])
        #expect(chained.description == "psm 6; median")
        let both = try state("median; thresholding sauvola; psm 4")
        #expect(both.engine == EngineSettings(pageSegmentation: 4, thresholding: .sauvola))
        #expect(both.description == "psm 4; thresholding sauvola; median")
        #expect(try state("psm 6").description == "psm 6")
    }

    @Test("A state's script reads back as the same state", arguments: [
        "psm 6", "psm 4; median; then sauvola; 75%", "thresholding sauvola", "psm 11; thresholding tiled; blur; slider 50%",
    ])
    func roundTrip(script: String) throws {
        let once = try state(script)
        #expect(try state(once.description) == once)
    }

    @Test("original reverts the filters and keeps the engine's settings; default gives each back")
    func revertingAndDefaults() throws {
        let reverted = try state("psm 6; median; original")
        #expect(reverted.operations.isEmpty && reverted.engine == EngineSettings(pageSegmentation: 6))
        #expect(try state("psm 6; thresholding sauvola; psm default").engine == EngineSettings(thresholding: .sauvola))
        #expect(try state("psm 6; thresholding sauvola; thresholding default") == state("psm 6"))
        #expect(try state("psm 6") != state("original"))
    }

    @Test("A chain followed by another takes the later settings")
    func followed() throws {
        let chained = try state("psm 6; median").followed(by: state("thresholding sauvola; erode"))
        #expect(chained.description == "psm 6; thresholding sauvola; median; then erode")
        #expect(chained.withoutEngineSettings.description == "median; then erode")
    }

    @Test("A mode or method the engine does not have is refused, saying what to type", arguments: [
        ("psm 2", "psm takes no '2'"), ("psm 0", "psm takes no '0'"), ("psm six", "psm takes no 'six'"),
        ("psm", "psm takes a mode"), ("thresholding niblack", "thresholding takes no 'niblack'"), ("psm 6 7", "'psm' takes no '7'"),
    ])
    func refused(script: String, message: String) throws {
        #expect {
            try CommandScript(script).finalState()
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains(script.hasPrefix("psm") ? "psm 6" : "thresholding")
        }
    }
}
