import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// Issue 27 item 4: trimming, prefixes and suffixes, number formatting, a record copy with some
/// fields changed, and an unknown member that lists the members the type has.
@Suite struct EverydayBuiltinsTests {
    static func value(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Value? {
        try BuiltinCatalogTests.value(expression, sourceLocation: sourceLocation)
    }

    static func diagnostics(_ expression: String, types: String = "") -> [String] {
        SpecLoader.load(text: "screen: T\n\(types)outputs:\n  out: '\(expression)'\n", path: "t.yaml").diagnostics.map {
            "\($0.id): \($0.message)" + $0.notes.map { " | " + $0.message }.joined()
        }
    }

    @Test func textTrimsAndTestsItsEnds() throws {
        #expect(try Self.value(#""  hi there \n\t".trimmed()"#) == .string("hi there"))
        #expect(try Self.value(#"" \n ".trimmed()"#) == .string(""))
        #expect(try Self.value(#""hello".hasPrefix("he")"#) == .bool(true))
        #expect(try Self.value(#""hello".hasPrefix("lo")"#) == .bool(false))
        #expect(try Self.value(#""hello".hasSuffix("lo")"#) == .bool(true))
        #expect(try Self.value(#""hello".hasSuffix("")"#) == .bool(true))
        #expect(try Self.value(#""Ada".lowercased().contains("ad")"#) == .bool(true))
    }

    /// (`''` is a `'` inside a single-quoted YAML scalar: the grouping flag is `%'d`.)
    @Test func numbersFormatAsStringFormatDoes() throws {
        #expect(try Self.value(#"String(format: "%d:%02d", 3, 7)"#) == .string("3:07"))
        #expect(try Self.value(#"String(format: "$%.2f", 4.5)"#) == .string("$4.50"))
        #expect(try Self.value(#"String(format: "$%.2f", 4)"#) == .string("$4.00"))  // an Int literal is a Double here
        #expect(try Self.value(#"String(format: "%''d", 1234567)"#) == .string("1,234,567"))
        #expect(try Self.value(#"String(format: "%''.1f", -1234.56)"#) == .string("-1,234.6"))
        #expect(try Self.value(#"String(format: "%05d|%-4d|%+d|%x|%@|%%", -42, 7, 3, 255, "s")"#) == .string("-0042|7   |+3|ff|s|%"))
        #expect(try Self.value(#"String(format: "%.0f", -0.2)"#) == .string("0"))
        // As Foundation's own: compared with what `String(format:)` gives for the same format.
        for (format, n) in [("%d", 0), ("%03d", 5), ("%-3d|", 12), ("%X", 3054)] {
            #expect(try Self.value("String(format: \"\(format)\", \(n))") == .string(String(format: format, n)))
        }
    }

    @Test func aFormatItCannotReadOrArgumentsThatDoNotFitAreLocated() {
        #expect(Self.diagnostics(#"String(format: "%q", 1)"#)
            == ["invalid-format: '%q' is not a conversion specrun formats; use '%d', '%x', '%f', '%@' or '%%'"])
        #expect(Self.diagnostics(#"String(format: "%d:%02d", 1)"#) == ["invalid-format: the format takes 2 values, found 1"])
        #expect(Self.diagnostics(#"String(format: "%d", "a")"#) == ["type-mismatch: expected 'Int', found 'String'"])
        #expect(Self.diagnostics(#"String(format: "%.2d", 1)"#) == ["invalid-format: a precision ('.N') applies to '%f' only"])
        #expect(Self.diagnostics(#"String(format: "%1001d", 1)"#) == ["invalid-format: a width or precision is at most 1000, found 1001"])
        #expect(Self.diagnostics(#"String(format: "%d \(1)", 1)"#)
            == [#"invalid-format: a format is a plain string literal; pass the values after it instead of '\(…)'"#])
        #expect(Self.diagnostics(#"String(format: "%", 1)"#)
            == ["invalid-format: '%' ends the format without a conversion; write '%%' for a percent sign"])
    }

    /// A format problem points at its conversion, not the whole literal.
    @Test func aFormatProblemPointsAtItsConversion() throws {
        let line = #"  out: 'String(format: "%d:%q", 1, 2)'"#
        let found = SpecLoader.load(text: "screen: T\noutputs:\n\(line)\n", path: "t.yaml").diagnostics
        let column = line.distance(from: line.startIndex, to: try #require(line.range(of: "%q")).lowerBound) + 1
        #expect(found.map(\.range.start) == [SpecLocation(line: 3, column: column)])
        #expect(found.map(\.range.end) == [SpecLocation(line: 3, column: column + 2)])
    }

    static let message = "types:\n  Status: [pending, sent]\n  Message: { id: Int, text: String, status: Status }\n"

    @Test func aRecordCopyChangesTheFieldsNamed() throws {
        let recorder = try TimelineRecorder("""
            screen: T
            \(Self.message)inputs:
              m: { type: Message, default: { id: 1, text: a, status: pending } }
            outputs:
              sent: 'm.with(status: .sent)'
              both: 'm.with(text: "b", status: .sent).with(id: 2)'
            """)
        func fields(_ name: String) throws -> [Value]? {
            guard case .record(let r)? = recorder.graph.value(of: try recorder.node(name)) else { return nil }
            return r.fields
        }
        #expect(try fields("sent") == [.int(1), .string("a"), .enumCase(EnumValue(type: "Status", caseName: "sent"))])
        #expect(try fields("both") == [.int(2), .string("b"), .enumCase(EnumValue(type: "Status", caseName: "sent"))])
    }

    @Test func aRecordCopyIsCheckedFieldByField() {
        let input = "inputs:\n  m: { type: Message, default: { id: 1, text: a, status: pending } }\n"
        #expect(Self.diagnostics("m.with(stauts: .sent)", types: Self.message + input)
            == ["unknown-field: 'Message' has no field 'stauts'; did you mean 'status'? | its fields are 'id: Int', 'text: String', 'status: Status'"])
        #expect(Self.diagnostics("m.with(id: \"x\")", types: Self.message + input) == ["type-mismatch: expected 'Int', found 'String'"])
        #expect(Self.diagnostics("m.with(id: 1, id: 2)", types: Self.message + input) == ["duplicate-field: field 'id' is given twice"])
        #expect(Self.diagnostics("\"a\".with(id: 1)") == ["not-a-record: 'with(…)' copies a record, but this is a 'String'"])
    }

    @Test func anUnknownMemberListsTheMembersTheTypeHas() {
        #expect(Self.diagnostics(#""a".lenght"#)
            == ["unknown-member: 'String' has no member 'lenght' | 'String' has 'count', 'isEmpty', 'isNumber', 'isLetter', 'isWhitespace', 'isUppercase', 'isLowercase', 'isPunctuation', 'uppercased()', 'lowercased()', 'contains()', 'trimmed()', 'hasPrefix()', 'hasSuffix()', 'prefix()', 'suffix()', 'dropFirst()', 'dropLast()'"])
        #expect(Self.diagnostics(#""a".trim()"#).first?.hasSuffix("'dropFirst()', 'dropLast()'") == true)
        let input = "inputs:\n  m: { type: Message, default: { id: 1, text: a, status: pending } }\n"
        #expect(Self.diagnostics("m.txt", types: Self.message + input)
            == ["unknown-member: 'Message' has no field 'txt'; did you mean 'text'? | its fields are 'id: Int', 'text: String', 'status: Status'"])
    }

    @Test func failTakesItsTypeFromItsContext() {
        #expect(Self.diagnostics("fail(.decode)") == ["fail-context: 'fail(…)' needs a type from its context, as in 'x ?? fail(.decode)' or 'ok ? x : fail(.decode)'"])
        #expect(Self.diagnostics("fail(1)").first?.hasPrefix("type-mismatch: expected 'Error', found 'Int'") == true)
        #expect(Self.diagnostics("true ? fail(.decode) : 1") == [])
        #expect(Self.diagnostics("[1].first ?? fail(.http(404))") == [])
    }

    /// A compiled spec's variadic calls are validated by their entries' rules.
    @Test func compiledVariadicCallsAreValidated() throws {
        let loaded = SpecLoader.load(text: "screen: T\ninputs:\n  a: { type: Int, default: 1 }\noutputs:\n  out: 'String(format: \"%d\", a)'\n",
                                     path: "t.yaml")
        let json = try CompiledSpec.json(try #require(loaded.spec))
        #expect(try CompiledSpec.load(json: Data(json.utf8)).nodes.count == loaded.spec?.nodes.count)
        let broken = json.replacingOccurrences(of: #""%d""#, with: #""%d %d""#)
        #expect(broken != json)
        #expect(throws: (any Error).self) { try CompiledSpec.load(json: Data(broken.utf8)) }
        #expect(BuiltinCatalog.entry(.recordWith)?.problem(with: [.constant(.none), .constant(.string("x")), .constant(.none)]) != nil)
        #expect(BuiltinCatalog.entry(.recordWith)?.problem(with: [.constant(.none), .constant(.int(0)), .constant(.none)]) == nil)
        #expect(BuiltinCatalog.entry(.format)?.problem(with: [.constant(.string("%q"))]) != nil)
    }
}
