import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// `prefix`, `suffix`, `dropFirst` and `dropLast` on lists and strings, as Swift's; `Array(xs)`
/// is `xs` (an eleventh first user's 14: "at most two running" needed `enumerated().filter`).
@Suite("Slices of lists and strings")
struct SlicesTests {
    let value = BuiltinCatalogTests.value

    @Test("each end, with and without a count, past the end, on strings by characters")
    func slices() throws {
        #expect(try value("[1, 2, 3].prefix(2)", #_sourceLocation) == .list([.int(1), .int(2)]))
        #expect(try value("[1, 2, 3].suffix(2)", #_sourceLocation) == .list([.int(2), .int(3)]))
        #expect(try value("[1, 2, 3].dropFirst()", #_sourceLocation) == .list([.int(2), .int(3)]))
        #expect(try value("[1, 2, 3].dropLast(2)", #_sourceLocation) == .list([.int(1)]))
        #expect(try value("[1, 2, 3].prefix(10)", #_sourceLocation) == .list([.int(1), .int(2), .int(3)]))
        #expect(try value("[1, 2, 3].dropFirst(10)", #_sourceLocation) == .list([]))
        #expect(try value("[1, 2, 3].suffix(0)", #_sourceLocation) == .list([]))
        #expect(try value("\"héllo\".prefix(2)", #_sourceLocation) == .string("hé"))
        #expect(try value("\"hello\".dropLast()", #_sourceLocation) == .string("hell"))
        #expect(try value("Array([1, 2, 3].prefix(1)).count", #_sourceLocation) == .int(1))
    }

    @Test("a negative count is a run-time error where Swift traps; a wrong argument a located diagnostic")
    func mistakes() throws {
        let r = try TimelineRecorder("screen: T\nstate:\n  n: { type: Int, initial: -1 }\noutputs:\n  out: '[1].prefix(n)'\n")
        #expect(r.errors.map(\.message) == ["'out': 'prefix(-1)': a count cannot be negative"])
        #expect(BuiltinCatalogTests.diagnostics("[1].prefix(\"a\")").count == 1)
        #expect(BuiltinCatalogTests.diagnostics("[1].suffix()").count == 1)
        #expect(BuiltinCatalogTests.diagnostics("Array(3)") == ["type-mismatch: 'Array(…)' takes a list here, found 'Int'"])
    }
}
