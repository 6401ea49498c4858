import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// Sets of numbers and strings: `Set(xs)`, `union`, `subtracting`, written as their distinct
/// elements in ascending order, so that `count`, `contains`, `sorted()` and an order-free `==` are
/// a list's.
@Suite struct SetTests {
    static func value(_ expression: String) throws -> Value? { try ListMovesTests.value(expression) }

    @Test func aSetIsTheDistinctElementsInAscendingOrder() throws {
        #expect(try Self.value("Set([3, 1, 3, 2])") == .list([.int(1), .int(2), .int(3)]))
        #expect(try Self.value("Set([3, 4]).count == [3, 4].count") == .bool(true))
        #expect(try Self.value("Set([3, 3]).count == [3, 3].count") == .bool(false))
        #expect(try Self.value("Set([\"b\", \"a\"]) == Set([\"a\", \"b\", \"a\"])") == .bool(true))
        #expect(try Self.value("Set([2, 1]).union([3, 1])") == .list([.int(1), .int(2), .int(3)]))
        #expect(try Self.value("Set([2, 1]).subtracting([2, 5])") == .list([.int(1)]))
        #expect(try Self.value("Set([1.5, 0.5]).contains(0.5)") == .bool(true))
        #expect(try Self.value("Set([Int]()).isEmpty") == .bool(true))
    }

    @Test func aSetOfRecordsIsRefused() {
        #expect(ListMovesTests.diagnostics("Set(goals)").first?.hasPrefix("7:13: type-mismatch: 'Set' takes '[Int]' or '[Double]' or '[String]'") == true)
    }
}
