import SpecRuntime
import Testing
import TypedScreens

/// The NowPlaying of docs/spec-language.md ("What a row is given: `with:`"), generated: the
/// parameter the screen gives each row, `isCurrent`, is a `let` of the row's struct that the
/// screen computes again when `currentId` changes.
@Suite(.timeLimit(.minutes(5))) struct GivenParamsTests {
    @Test func aGivenParameterFollowsTheScreen() throws {
        let screen = try NowPlayingScreen()
        screen.start()
        #expect(screen.rows.value.map(\.isCurrent) == [true, false, false])
        screen.rows.like(row: 2)
        screen.rows.select(row: 2)
        let rows: [NowPlayingScreen.QueueRow] = screen.rows.value
        #expect(rows.map(\.isCurrent) == [false, true, false])
        #expect(rows.map(\.liked) == [false, true, false])
        #expect(screen.shown == "Intro, ▶ Verse*, Outro")
        screen.stop()
    }
}
