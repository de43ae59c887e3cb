import Imaging
import Session
import Testing

@Suite("Chains and best in the session")
struct ChainSessionTests {
    private func started() -> SessionMachine {
        var machine = SessionMachine(images: ["a.png", "b.png"], seed: 1)
        _ = machine.start(with: "a.png")
        _ = machine.imageLoaded("a.png")
        return machine
    }

    private func handle(_ machine: inout SessionMachine, _ line: String) throws -> SessionMachine.Action {
        machine.handle(try #require(try SessionCommand.parse(line)))
    }

    @Test("then renders the chain, and original reverts all of it")
    func chain() throws {
        var machine = started()
        _ = try handle(&machine, "greyscale")
        let action = try handle(&machine, "then sauvola")
        #expect(action == .render(.init(image: "a.png", segment: .filter(.sauvola),
                                        operations: [FilterOperation(.greyscale), FilterOperation(.sauvola)])))
        #expect(try handle(&machine, "original") == .render(.init(image: "a.png", segment: .original, operations: [])))
    }

    @Test("best asks for a search; adopting its choice renders it, and the brief's rules go on from there")
    func best() throws {
        var empty = SessionMachine(images: [], seed: 1)
        guard case .refuse = empty.handle(.best) else { Issue.record("best without an image was not refused"); return }
        var machine = started()
        #expect(try handle(&machine, "best") == .chooseFilters)
        let chosen = try CommandScript("median; then sauvola").finalState()
        #expect(machine.adopt(chosen) == .render(.init(image: "a.png", segment: .filter(.sauvola), operations: chosen.operations)))
        #expect(machine.filters == chosen)
        _ = try handle(&machine, "75%")
        #expect(machine.filters.operationNames == ["median 25%", "sauvola 25%", "sauvola 75%"])
        _ = try handle(&machine, "slider 50%")
        #expect(machine.filters.operationNames == ["median 25%", "sauvola 50%"])
    }
}
