import Charts
import Testing

@Suite("The charts' scale, numbers and escaping")
struct ChartScaleTests {
    @Test("Ticks fall on 1, 2 or 5 times a power of ten, about six across, within the range")
    func ticks() {
        #expect(ChartScale.ticks(0, 100) == [0, 20, 40, 60, 80, 100])
        #expect(ChartScale.ticks(0, 3) == [0, 0.5, 1, 1.5, 2, 2.5, 3])
        #expect(ChartScale.ticks(25, 75) == [30, 40, 50, 60, 70])
        let tiny = ChartScale.ticks(0, 0.03)
        #expect(tiny.count >= 4 && tiny.count <= 8 && tiny.first == 0)
    }

    @Test("An axis top and step are round: 1, 2, 2.5 or 5 times a power of ten")
    func roundSteps() {
        #expect(ChartScale.ceiling(83) == 100)
        #expect(ChartScale.ceiling(180) == 200)
        #expect(ChartScale.ceiling(2.1) == 2.5)
        #expect(ChartScale.step(upTo: 39.1) == 10)
        #expect(ChartScale.step(upTo: 12) == 2.5)
        #expect(ChartScale.step(upTo: 0) == 1)
    }

    @Test("Numbers carry no needless decimals")
    func numbers() {
        #expect(ChartScale.number(40) == "40")
        #expect(ChartScale.number(0.5) == "0.5")
        #expect(ChartScale.number(3.2149, decimals: 2) == "3.21")
        #expect(ChartScale.number(-0.0001) == "0")
        #expect(ChartScale.coordinate(12.345) == "12.3")
    }
}
