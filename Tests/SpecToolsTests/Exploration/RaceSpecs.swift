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
    static var search: String { Fixtures.text("race-search.yaml") }

    /// A busy flag that any error clears, including the `notEnabled` of a second tap, while the
    /// charge it guards is still running.
    static var checkout: String { Fixtures.checkout }

    /// Driven only through its view: a stepper-like pair of buttons and a text field, whose
    /// handler lets the count pass its limit when the field says "boost".
    static var taps: String { Fixtures.text("race-taps.yaml") }

    /// The checked spec of `text`; shipped specs navigate to their siblings, read from the disk.
    static func load(_ text: String, path: String = "/nonexistent/race.yaml", sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        try Fixtures.checked(text, path: path, sourceLocation: sourceLocation)
    }
}
