import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// A row's own action on the live clock: the fake answers on real time, a provider answers the
/// row's call, and a row whose element leaves the list cancels its call in flight.
@Suite("Live screen row actions")
struct LiveScreenRowActionTests {
    struct Save: Codable, Sendable {
        var key: String
        var on: Bool
    }

    private func started(_ configure: (LiveScreen) throws -> Void = { _ in }) throws -> LiveScreen {
        let screen = try LiveScreen(spec: liveSpec(RowActionTests.settings + "\n      - wait: 0ms\n"))
        try configure(screen)
        screen.start()
        return screen
    }

    @Test func theFakeAnswersARowsCallOnRealTime() async throws {
        let screen = try started()
        defer { screen.stop() }
        let saved = Collected<Value>()
        let token = try screen.observe("settings.save.elements") { saved.append($0) }
        defer { token.cancel() }
        let sentAt = screen.milliseconds
        try screen.sendRow("settings.toggle", row: .string("wifi"), .bool(true))
        #expect(try screen.value(of: "anySaving") == .bool(true))
        #expect(await eventually { !saved.all.isEmpty })
        #expect(screen.milliseconds - sentAt >= 300)
        guard case .record(let row) = try #require(saved.all.first) else { Issue.record("not a row: \(saved.all)"); return }
        #expect(row.fields.first.map { ValueFormatter.text($0) } == "Setting(key: \"wifi\", title: \"Wi-Fi\")")
        #expect(await eventually { (try? screen.value(of: "anySaving")) == .bool(false) })
        #expect(try screen.value(of: "states") == .string("wifi=true,bt=false"))
    }

    @Test func aProviderAnswersARowsCallAndAStreamItFeedsIsNotSent() async throws {
        let calls = Collected<String>()
        let screen = try started { screen in
            try screen.provide("settings.save") { (save: Save) async throws -> Bool in
                calls.append("\(save.key)=\(save.on)")
                return save.on
            }
        }
        defer { screen.stop() }
        try screen.sendRow("settings.toggle", row: .string("bt"), .bool(true))
        #expect(await eventually { (try? screen.value(of: "anySaving")) == .bool(false) })
        #expect(calls.all == ["bt=true"])
        #expect(try screen.value(of: "states") == .string("wifi=false,bt=true"))
        #expect(throws: LiveScreenError.self) { try screen.sendRow("settings.save.errors", row: .string("bt")) }
        #expect(throws: LiveScreenError("'settings.save.errors' is fed by a row's action; send the action's trigger to a row with 'sendRow(_:row:_:)'")) {
            try screen.send("settings.save.errors")
        }
    }

    @Test func aRowLeavingItsListCancelsItsCallInFlight() async throws {
        let latch = Latch()
        let answered = Collected<Bool>()
        let screen = try started { screen in
            try screen.provide("settings.save") { (save: Save) async throws -> Bool in
                await latch.wait()
                answered.append(true)
                return save.on
            }
        }
        defer { screen.stop() }
        let saved = Collected<Value>()
        let token = try screen.observe("settings.save.elements") { saved.append($0) }
        defer { token.cancel() }
        try screen.sendRow("settings.toggle", row: .string("wifi"), .bool(true))
        #expect(try screen.value(of: "anySaving") == .bool(true))
        try screen.sendRow("settings.remove", row: .string("wifi"))
        #expect(try screen.value(of: "states") == .string("bt=false"))
        #expect(try screen.value(of: "anySaving") == .bool(false))
        latch.release()
        // The provider returns, but the call was cancelled: its answer is dropped. A later call
        // of another row, answered after it on the same executor, is the only element.
        #expect(await eventually { answered.all.count == 1 })
        try screen.sendRow("settings.toggle", row: .string("bt"), .bool(true))
        #expect(await eventually { !saved.all.isEmpty })
        #expect(await eventually { (try? screen.value(of: "anySaving")) == .bool(false) })
        #expect(saved.all.count == 1)
        guard case .record(let row) = try #require(saved.all.first) else { Issue.record("not a row: \(saved.all)"); return }
        #expect(row.fields.first.map { ValueFormatter.text($0) } == "Setting(key: \"bt\", title: \"Bluetooth\")")
        #expect(try screen.value(of: "states") == .string("bt=true"))
    }

    @Test func aRowsActionExecutedDirectlyLeavesItsTriggerAndRefusesWhileExecuting() async throws {
        let screen = try started()
        defer { screen.stop() }
        let save = try screen.rowAction("settings.save")
        #expect(save.name == "settings.save" && save.identity == .string && save.input == .bool)
        try screen.executeRow(save, row: .string("wifi"), .bool(true))
        #expect(try screen.value(of: "anySaving") == .bool(true))
        // The trigger did not fire: its handler left the switch off.
        #expect(try screen.value(of: "states") == .string("wifi=false,bt=false"))
        try screen.executeRow("settings.save", row: .string("wifi"), .bool(true))
        #expect(try screen.value(of: "failures") == .int(1))
        #expect(throws: LiveScreenError("'settings' has no row \"gps\": its 2 rows have other identities")) {
            try screen.executeRow(save, row: .string("gps"), .bool(true))
        }
        #expect(throws: LiveScreenError("the screen has no action of a row 'settings.sav'; did you mean 'settings.save'?")) {
            try screen.executeRow("settings.sav", row: .string("wifi"), .bool(true))
        }
        #expect(throws: LiveScreenError.self) { try screen.executeRow(save, row: .int(1), .bool(true)) }
        #expect(throws: LiveScreenError.self) { try screen.rowAction("settings.toggle") }
        #expect(try screen.value(of: "failures") == .int(1))
        #expect(await eventually { (try? screen.value(of: "anySaving")) == .bool(false) })
    }
    /// W1 live: a row's work that ends on the row's own `pause` (an interval that never ticks
    /// within the test, so nothing depends on the machine's speed).
    @Test func aRowsPauseEndsItsOwnExecutionOnALiveScreen() throws {
        let spec = try liveSpec(RowWorkTakeUntilTests.downloads.replacingOccurrences(of: "interval: 500ms", with: "interval: 10m")
            + "\n      - wait: 0ms\n")
        let screen = try LiveScreen(spec: spec)
        screen.start()
        defer { screen.stop() }
        try screen.sendRow("rows.start", row: .int(1))
        try screen.sendRow("rows.start", row: .int(2))
        #expect(try screen.value(of: "busy") == .list([.bool(true), .bool(true)]))
        try screen.sendRow("rows.pause", row: .int(2))
        #expect(try screen.value(of: "busy") == .list([.bool(true), .bool(false)]))
        #expect(try screen.value(of: "completed") == .list([.int(0), .int(1)]))
        try screen.sendRow("rows.pause", row: .int(1))
        #expect(try screen.value(of: "busy") == .list([.bool(false), .bool(false)]))
        #expect(try screen.value(of: "completed") == .list([.int(1), .int(1)]))
    }
}
