import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// Specs with a seeded race, written the way a screen's author would, and what `explore` must find.
enum RaceSpecs {
    /// Answers may arrive out of order: `flatMap` keeps every request (the fix is `flatMapLatest`).
    static let search = """
        screen: Search
        inputs:
          query: String
        state:
          asked: { type: String, initial: "" }
          answeredNewest: { type: Bool, initial: false }
        outputs:
          answer:
            stream: query
            initial: ""
            ops:
              - flatMap: { call: api.search, with: { q: "$0" } }
        handlers:
          - on: query
            set: { asked: query, answeredNewest: false }
          - on: answer
            set: { answeredNewest: answeredNewest || answer == asked }
        invariants:
          newestAnswerStays: "!answeredNewest || answer == asked"
        explore:
          services:
            api.search: [{ latency: 100ms }, { latency: 2s }]
        services:
          api.search:
            returns: String
            params: { q: String }
            latency: 300ms
            cases:
              - when: { q: swift }
                value: swift
              - when: { q: rust }
                value: rust
            result: "?"
        scenarios:
          - name: one search
            steps:
              - send: { query: swift }
              - wait: 300ms
              - expect: { answer: swift }
              - send: { query: rust }
              - wait: 300ms
              - expect: { answer: rust }
        """

    /// A busy flag that any error clears, including the `notEnabled` of a second tap, while the
    /// charge it guards is still running.
    static var checkout: String { Fixtures.checkout }

    /// Driven only through its view: a stepper-like pair of buttons and a text field, whose
    /// handler lets the count pass its limit when the field says "boost".
    static let taps = """
        screen: Taps
        inputs:
          mode: { type: String, default: "" }
          taps: { type: Int, default: 0 }
        view:
          more: button
          reset: button
          modeField: { textField: { text: { twoWay: mode } } }
        bindings:
          - bind: more.tap
            to: taps
            map: 'mode == "boost" ? taps + 2 : (taps < 2 ? taps + 1 : taps)'
          - bind: reset.tap
            to: taps
            map: 0
        invariants:
          atMostTwo: "taps <= 2"
        scenarios:
          - name: taps stop at two
            steps:
              - tap: more
              - tap: more
              - tap: more
              - expect: { taps: 2 }
              - tap: reset
              - type: { modeField: "boost" }
              - expect: { mode: "boost" }
        """

    static func load(_ text: String, path: String = "/nonexistent/race.yaml") throws -> CheckedSpec {
        // Shipped specs navigate to their siblings, read from the disk.
        let loaded = SpecLoader.load(text: text, path: path, resolver: FileSystemSpecResolver())
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())")
    }
}
