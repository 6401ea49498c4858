import SpecRuntime
import Testing
import TypedScreens

/// The Settings of docs/spec-language.md ("A row's own actions"), generated: a row's switch runs
/// that row's own action, whose `executing` is a property of the row, and the screen hears every
/// row's answer on the action's stream, with the row.
@Suite(.timeLimit(.minutes(5))) struct RowActionsTests {
    @Test func aRowsToggleSavesThatRowAlone() async throws {
        let screen = try SettingsScreen()
        let gate = Gate()
        let calls = Inbox<String>()
        screen.services.settings.save { arguments in
            calls.append("\(arguments.key)=\(arguments.on)")
            await gate.wait()
            return arguments.on
        }
        screen.start()
        let saved = screen.values.settings.saveElements
        screen.settings.toggle(true, row: "wifi")
        let rows = screen.settings.value
        #expect(rows.map(\.saveExecuting) == [true, false, false])
        #expect(rows.map(\.saveEnabled) == [false, true, true])
        #expect(screen.saving == "wifi")
        gate.open()
        let row = try #require(try await first(saved))
        #expect(row.setting.key == "wifi" && row.saveElements == true)
        _ = try await first(screen.values.saving) { $0.isEmpty }
        #expect(calls.all == ["wifi=true"])
        #expect(screen.switches == "wifi=true, bluetooth=false, location=false")
        screen.stop()
    }

    @Test func aRowsActionExecutedDirectlyLeavesItsTriggerAlone() async throws {
        let screen = try SettingsScreen()
        let gate = Gate()
        screen.services.settings.save { arguments in
            await gate.wait()
            return arguments.on
        }
        screen.start()
        screen.settings.executeSave(true, row: "wifi")
        #expect(screen.settings.value.map(\.saveExecuting) == [true, false, false])
        // The trigger did not fire: the switch's handler did not run.
        #expect(screen.switches == "wifi=false, bluetooth=false, location=false")
        screen.settings.executeSave(true, row: "wifi")   // executing: refused
        #expect(screen.failures == 1)
        gate.open()
        _ = try await first(screen.values.saving) { $0.isEmpty }
        #expect(screen.failures == 1)
        screen.stop()
    }
}
