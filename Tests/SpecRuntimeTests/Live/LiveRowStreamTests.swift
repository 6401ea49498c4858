import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// A row's stream outputs on a live screen: each form's debounce runs on the live clock (its
/// element comes after the pause, with no step), and a row's request in flight, served by a
/// provider that answers in an hour, is cancelled (its task too) when its row leaves its list.
/// Only the order of events is asserted, never a time.
@Suite("Live row streams")
struct LiveRowStreamTests {
    static let spec = """
        screen: LiveForms
        types:
          Form: { key: String }
        state:
          forms: { type: "[Form]", initial: [{ key: shipping }, { key: billing }] }
        inputs:
          remove: String
        viewModels:
          AddressForm:
            params: { form: Form }
            inputs:
              postcode: String
            state:
              settled: { type: String, initial: "" }
              town: { type: String, initial: "" }
            outputs:
              typed: { stream: postcode, ops: [ { debounce: 20ms } ] }
              city:
                stream: typed
                ops: [ { flatMapLatest: { call: postcodes.lookup, with: { postcode: $0 } } } ]
            handlers:
              - on: typed
                set: { settled: typed }
              - on: city
                set: { town: city }
        cells:
          addresses: { viewModel: AddressForm, for: forms, id: key }
        handlers:
          - on: remove
            set: { forms: 'forms.filter { $0.key != remove }' }
        services:
          postcodes.lookup: { params: { postcode: String }, returns: String, result: Springfield }
        outputs:
          settled: 'addresses.map { $0.settled }'
          towns: 'addresses.map { $0.town }'
        """

    @Test func aRowsDebounceGivesItsElementOnTheLiveClock() async throws {
        let screen = try LiveScreen(spec: liveSpec(Self.spec))
        try screen.provide("postcodes.lookup", values: { _ in .string("Shelbyville") })
        screen.start()
        defer { screen.stop() }
        try screen.sendRow("addresses.postcode", row: .string("billing"), .string("12345"))
        #expect(await eventually(within: 600) { (try? screen.value(of: "settled")) == .list([.string(""), .string("12345")]) })
        #expect(await eventually(within: 600) { (try? screen.value(of: "towns")) == .list([.string(""), .string("Shelbyville")]) })
    }

    @Test func aRowsCallInFlightIsCancelledWhenTheRowGoes() async throws {
        let screen = try LiveScreen(spec: liveSpec(Self.spec))
        let asked = Collected<Int>()
        try screen.provide("postcodes.lookup", values: { _ in
            asked.append(1)
            try await Task.sleep(for: .seconds(3600))
            return .string("late")
        })
        screen.start()
        defer { screen.stop() }
        try screen.sendRow("addresses.postcode", row: .string("shipping"), .string("12345"))
        #expect(await eventually(within: 600) { screen.callsInFlight == 1 && asked.all.count == 1 })
        try screen.send("remove", .string("shipping"))
        #expect(screen.callsInFlight == 0)
        #expect(await eventually(within: 600) { screen.calls.tasks.count == 0 }, "the provider's task runs on after its row went")
        #expect(try screen.value(of: "towns") == .list([.string("")]))
    }
}
