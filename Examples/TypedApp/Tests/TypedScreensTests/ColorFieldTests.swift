import SpecRuntime
import Testing
import TypedScreens

/// A row output of type `Color` (`Sources/TypedScreens/rows/laps.yaml`): a `ColorValue` field of
/// the generated row struct, read as a cell view model's `textColor` would be bound.
@Suite(.timeLimit(.minutes(5))) struct ColorFieldTests {
    @Test func aRowsColourIsAFieldOfItsStruct() throws {
        let screen = try LapsScreen()
        screen.start()
        screen.lap(900)
        #expect(screen.rows.map(\.color) == [.black], "one lap is neither fastest nor slowest")
        screen.lap(700)
        screen.lap(1200)
        let rows: [LapsScreen.LapRow] = screen.rows
        #expect(rows.map(\.color) == [.black, ColorValue(red: 0, green: 1, blue: 0), ColorValue(red: 1, green: 0, blue: 0)],
                "the fastest green, the slowest red")
        #expect(screen.fastest == 700 && screen.slowest == 1200)
        screen.stop()
    }
}
