import SpecRuntime
import Testing
import TypedScreens

/// The Workout of docs/spec-language.md ("A parameter as a stream"), generated: the parameter
/// each row reads as a stream, `isCurrent`, fires when the rows are made and when `skip()` moves
/// the current interval; no member sends to it.
@Suite(.timeLimit(.minutes(5))) struct ParamStreamTests {
    @Test func aParameterReadAsAStreamStartsTheCurrentRowsWork() throws {
        let screen = try WorkoutScreen()
        screen.start()
        #expect(screen.rows.value.map(\.left) == [3, 0])
        #expect(screen.rows.isCurrent?.interval.id == 2)
        screen.skip()
        let rows: [WorkoutScreen.IntervalRow] = screen.rows.value
        #expect(rows.map(\.isCurrent) == [false, true])
        #expect(rows.map(\.left) == [0, 2])
        screen.stop()
    }
}
