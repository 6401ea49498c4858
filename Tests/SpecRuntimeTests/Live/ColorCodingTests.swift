import Foundation
@testable import SpecRuntime
import Testing

/// A `Color` inside a record, in and out of a `Codable` struct (a generated row struct's
/// `ColorValue` field, a backend's JSON): both the form a spec value prints and the form a
/// `ColorValue` encodes read back as the same colour; a component outside 0...1 is refused.
@Suite("Colours as record fields")
struct ColorCodingTests {
    struct Lap: Codable, Equatable {
        var id: Int
        var color: ColorValue
    }

    private var types: TypeTable {
        var t = TypeTable()
        t.records["Lap"] = [("id", .int), ("color", .color)]
        return t
    }

    private func lap(_ id: Int, _ color: ColorValue) -> Value {
        .record(RecordValue(type: "Lap", fieldNames: ["id", "color"], fields: [.int(id), .color(color)]))
    }

    @Test func aRecordsColourRoundTripsThroughAStruct() throws {
        for color in [ColorValue(red: 0, green: 1, blue: 0), ColorValue(white: 0.5, alpha: 0.25), ColorValue.black] {
            let value = lap(1, color)
            let decoded: Lap = try value.decoded()
            #expect(decoded == Lap(id: 1, color: color))
            #expect(try Value(encoding: decoded, as: .record("Lap"), types: types) == value)
        }
    }

    @Test func aBackendsColourReadsInEitherForm() throws {
        let printed = try Value(json: Data(#"{"id": 2, "color": {"red": 1, "green": 0, "blue": 0}}"#.utf8), as: .record("Lap"), types: types)
        #expect(printed == lap(2, ColorValue(red: 1, green: 0, blue: 0)))
        let grey = try Value(json: Data(#"{"id": 3, "color": {"white": 0.5}}"#.utf8), as: .record("Lap"), types: types)
        #expect(grey == lap(3, ColorValue(white: 0.5)))
        #expect(throws: ServiceFailure.self) {
            try Value(json: Data(#"{"id": 4, "color": {"red": 2, "green": 0, "blue": 0}}"#.utf8), as: .record("Lap"), types: types)
        }
        #expect(throws: ServiceFailure.self) {
            try Value(json: Data(#"{"id": 5, "color": "red"}"#.utf8), as: .record("Lap"), types: types)
        }
    }
}
