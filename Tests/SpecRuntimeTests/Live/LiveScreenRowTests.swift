import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// `LiveScreen.sendRow` and the typed core's `fire(_:row:)`: an input of a row's view model sent
/// to the row with an identity, as a scenario's `send: { cart.increment: { row: 2 } }` does, on the
/// Cart example of docs/spec-language.md ("Cell view models"). A row not there is refused as
/// every other mistake is, never a trap.
@Suite("Live screen rows")
struct LiveScreenRowTests {
    /// The docs' Cart: Tea (id 1, 4) and Cake (id 2, 6), a row each with `increment`,
    /// `quantity: Int` and `remove`.
    static func cart() throws -> CheckedSpec {
        let example = try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: Cart\n") && $0.text.contains("cells:") })
        return try liveSpec(example.text)
    }

    func started() throws -> LiveScreen {
        let screen = try LiveScreen(spec: Self.cart())
        screen.start()
        return screen
    }

    @Test func aRowInputChangesThatRowAloneInOneTransaction() throws {
        let screen = try started()
        defer { screen.stop() }
        let totals = Collected<Value>()
        let token = try screen.observe("total") { totals.append($0) }
        defer { token.cancel() }
        #expect(try screen.value(of: "titles") == .string("1 x Tea, 1 x Cake"))
        try screen.sendRow("cart.increment", row: .int(2))
        #expect(try screen.value(of: "titles") == .string("1 x Tea, 2 x Cake"))
        try screen.sendRow("cart.quantity", row: .int(1), .int(3))
        #expect(try screen.value(of: "total") == .int(24))
        // The input's stream fires with the new row; the screen's handler removes its element.
        let removed = Collected<Value>()
        let removal = try screen.observe("cart.remove") { removed.append($0) }
        defer { removal.cancel() }
        let input = try screen.rowInput("cart.remove")
        #expect(input.name == "cart.remove" && input.identity == .int && input.type == .void)
        try screen.sendRow(input, row: .int(1))
        #expect(try screen.value(of: "titles") == .string("2 x Cake"))
        guard case .record(let row) = try #require(removed.all.last) else { Issue.record("not a row: \(removed.all)"); return }
        #expect(row.fields[2] == .int(3), "the removed row carries its units")
        // One value of `total` per input: each send is one glitch-free transaction.
        #expect(totals.all.map { ValueFormatter.text($0) }.suffix(3) == ["16", "24", "12"])
    }

    @Test func aRowNotThereIsRefusedAndChangesNothing() throws {
        let screen = try started()
        defer { screen.stop() }
        #expect(throws: LiveScreenError("'cart' has no row 7: its 2 rows have other identities")) {
            try screen.sendRow("cart.increment", row: .int(7))
        }
        try screen.sendRow("cart.remove", row: .int(1))
        try screen.sendRow("cart.remove", row: .int(2))
        #expect(throws: LiveScreenError("'cart' has no rows, so no row 2")) {
            try screen.sendRow("cart.quantity", row: .int(2), .int(5))
        }
        #expect(try screen.value(of: "total") == .int(0))
    }

    @Test func everyOtherMistakeIsALiveScreenError() throws {
        let screen = try LiveScreen(spec: Self.cart())
        #expect(throws: LiveScreenError.notStarted) { try screen.sendRow("cart.increment", row: .int(1)) }
        screen.start()
        #expect(throws: LiveScreenError("the screen has no input of a row 'cart.incremnt'; did you mean 'cart.increment'?")) {
            try screen.sendRow("cart.incremnt", row: .int(1))
        }
        #expect(throws: LiveScreenError.self) { try screen.sendRow("cart.increment", row: .string("one")) }
        #expect(throws: LiveScreenError.self) { try screen.sendRow("cart.quantity", row: .int(1), .string("three")) }
        #expect(throws: LiveScreenError("'cart.remove' is the input of a row; send it to a row with 'sendRow(_:row:_:)'")) {
            try screen.send("cart.remove")
        }
        let other = try LiveScreen(spec: liveSpec("screen: Other\nstate:\n  n: { type: Int, initial: 0 }\n"))
        other.start()
        #expect(throws: LiveScreenError.self) { try other.sendRow(screen.rowInput("cart.remove"), row: .int(1)) }
        other.stop()
        screen.stop()
        #expect(throws: LiveScreenError.stopped) { try screen.sendRow("cart.increment", row: .int(1)) }
        #expect(try screen.value(of: "total") == .int(10))
    }

    /// An observer that sends to a row starts a transaction that runs after the current one: a
    /// row not there then cannot be thrown, and is a runtime error instead.
    @Test func anObserversSendRunsNextAndReportsARowNotThere() throws {
        let screen = try started()
        defer { screen.stop() }
        let errors = Collected<String>()
        screen.onRuntimeError { _, message in errors.append(message) }
        let sent = Collected<Bool>()
        let token = try screen.observe("cart.increment") { _ in
            guard sent.all.isEmpty else { return }
            sent.append(true)
            try? screen.sendRow("cart.increment", row: .int(1))
            try? screen.sendRow("cart.increment", row: .int(9))
        }
        defer { token.cancel() }
        try screen.sendRow("cart.increment", row: .int(2))
        #expect(try screen.value(of: "titles") == .string("2 x Tea, 2 x Cake"))
        #expect(errors.all == ["'cart' has no row 9: its 2 rows have other identities"])
    }

    /// What generated code calls: the input checked once against the types it was written for,
    /// typed identities and values, a row not there reported to the misuse handler.
    @Test func theTypedCoreSendsTypedRowsAndReportsARowNotThere() throws {
        let core = try TypedScreenCore(program: CompiledSpec.json(Self.cart()))
        let misuses = Collected<String>()
        core.onMisuse { misuses.append($0) }
        let quantity = try core.rowInput("cart.quantity", row: "Int", type: "Int")
        let remove = try core.rowInput("cart.remove", row: "Int", type: "Void")
        #expect(throws: LiveScreenError.self) { try core.rowInput("cart.remove", row: "String", type: "Void") }
        core.fire(remove, row: 1)
        #expect(misuses.all.count == 1 && misuses.all[0].contains("the screen has not started"), "\(misuses.all)")
        core.screen.start()
        defer { core.screen.stop() }
        core.fire(quantity, row: 2, 4)
        core.fire(remove, row: 1)
        #expect(try core.screen.value(of: "titles") == .string("4 x Cake"))
        core.fire(remove, row: 1)
        #expect(misuses.all.last == "Cart: cart.remove(row: 1): 'cart' has no row 1: its 1 row has another identity")
    }
}
