import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `zip: { with: other, combine: EXPR }`: the matrix (with `ys` sending 10, 20, 30 at 215, 235,
/// 255), then RxSwift's `Observable+ZipTests.swift` (`zip(o1, o2) { $0 + $1 }`, `o1` as `xs`,
/// `o2` as `ys`; `zs` a third side).
@Suite("zip") struct ZipTests: OperatorTests {
    let ops = "- zip: { with: ys, combine: \"$0 + $1\" }"
    let ys = ["ys": hot([(215, 10), (235, 20), (255, 30)], completed: 280)]

    @Test func never() throws { #expect(try play(ops, .never, with: ys) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, with: ys) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements, with: ys) == [next(215, 12), next(235, 23), next(255, 33), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError, with: ys) == [next(215, 12), next(235, 23), next(255, 33), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly, with: ys) == [next(215, 12), next(235, 23), next(255, 33)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, with: ys) == [error(210)]) }

    func zip(_ o1: [Recorded], _ o2: [Recorded]) throws -> [Recorded] { try record(spec(ops), inputs: ["xs": o1, "ys": o2]).events }

    static let never = hot([(150, 1)])
    static let empty = hot([(150, 1)], completed: 210)
    static let nonEmpty = hot([(150, 1), (215, 2)], completed: 220)

    @Test func neverAndEmpty() throws {
        #expect(try zip(Self.never, Self.never) == [])
        #expect(try zip(Self.never, Self.empty) == [])
        #expect(try zip(Self.empty, Self.never) == [])
        #expect(try zip(Self.empty, Self.empty) == [completed(210)])
    }

    /// A side that completed empty: no pair can come, yet zip completes only when every side has.
    @Test func emptyAndNonEmpty() throws {
        #expect(try zip(Self.empty, Self.nonEmpty) == [completed(220)])
        #expect(try zip(Self.nonEmpty, Self.empty) == [completed(220)])
        #expect(try zip(Self.never, Self.nonEmpty) == [])
        #expect(try zip(Self.nonEmpty, Self.never) == [])
    }

    @Test func nonEmptyNonEmpty() throws {
        #expect(try zip(hot([(150, 1), (215, 2)], completed: 230), hot([(150, 1), (220, 3)], completed: 240)) == [next(220, 5), completed(240)])
    }

    @Test func errors() throws {
        #expect(try zip(hot([(150, 1)], completed: 230), hot([(150, 1)], error: 220)) == [error(220)])
        #expect(try zip(hot([(150, 1)], error: 220), hot([(150, 1)], completed: 230)) == [error(220)])
        #expect(try zip(Self.never, hot([(150, 1)], error: 220)) == [error(220)])
        #expect(try zip(hot([(150, 1)], error: 220), Self.never) == [error(220)])
        #expect(try zip(hot([(150, 1), (215, 2)], completed: 230), hot([(150, 1)], error: 220)) == [error(220)])
        #expect(try zip(hot([(150, 1)], error: 220), hot([(150, 1), (215, 2)], completed: 230)) == [error(220)])
    }

    @Test func leftOrRightCompletesFirst() throws {
        let o1 = hot([(150, 1), (210, 2)], completed: 220)
        let o2 = hot([(150, 1), (215, 4)], completed: 225)
        #expect(try zip(o1, o2) == [next(215, 6), completed(225)])
        #expect(try zip(o2, o1) == [next(215, 6), completed(225)])
    }

    /// testZip_NAry_symmetric with three sides: `with: [ys, zs]`, `$1` and `$2` in order.
    @Test func threeSides() throws {
        let three = "- zip: { with: [ys, zs], combine: \"[$0, $1, $2]\" }"
        let res = try record(spec(three), inputs: [
            "xs": hot([(150, 1), (210, 1), (250, 4)], completed: 420),
            "ys": hot([(150, 1), (220, 2), (240, 5)], completed: 410),
            "zs": hot([(150, 1), (230, 3), (260, 6)], completed: 400),
        ]).events
        #expect(res == [next(230, .list([.int(1), .int(2), .int(3)])), next(260, .list([.int(4), .int(5), .int(6)])), completed(420)])
    }

    /// Two answers of one form, validated together: the pair of each n-th.
    @Test func sidesOfOtherTypes() throws {
        let res = try record(spec("- zip: { with: ys, combine: \"$1 ? $0 : 0\" }", types: ["ys": "Bool"]),
                             inputs: ["xs": hot([(210, 7), (220, 8)]), "ys": [next(215, true), next(225, false)]]).events
        #expect(res == [next(215, 7), next(225, 0)])
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- zip: ys") == ["9:14: invalid-type: expected a mapping for 'zip', found a string"]
            || OperatorTimeline.diagnostics("- zip: ys").count == 1)
        #expect(OperatorTimeline.diagnostics("- zip: { with: ys }").count == 1)
        #expect(OperatorTimeline.diagnostics("- zip: { with: [], combine: \"$0\" }").count == 1)
        #expect(OperatorTimeline.diagnostics("- zip: { with: nothing, combine: \"$0\" }").count == 1)
        #expect(OperatorTimeline.diagnostics("- zip: { with: res, combine: \"$0\" }") == ["9:22: cycle: 'res' cannot be its own source"])
        #expect(OperatorTimeline.diagnostics("- zip: { with: ys, combine: \"$0 + $2\" }").count == 1)
    }
}
