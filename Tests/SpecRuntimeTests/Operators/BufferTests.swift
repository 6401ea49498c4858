import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `buffer: { timeSpan, count }`: the matrix, then RxSwift's `Observable+BufferTests.swift`
/// (`buffer(timeSpan: 70, count: 3)`).
@Suite("buffer") struct BufferTests: OperatorTests {
    let ops = "- buffer: { timeSpan: 70ms, count: 3 }"

    static func list(_ time: Int, _ items: [Int]) -> Recorded { next(time, .list(items.map { .int($0) })) }

    @Test func never() throws { #expect(try play(ops, .never) == (1...11).map { Self.list(200 + 70 * $0, []) }) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [Self.list(270, []), Self.list(300, []), completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [Self.list(230, [2, 3, 3]), Self.list(300, [5]), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [Self.list(230, [2, 3, 3]), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [Self.list(230, [2, 3, 3])]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    static let xs = [(205, 1), (210, 2), (240, 3), (280, 4), (320, 5), (350, 6), (370, 7), (420, 8), (470, 9)]
    static let windows = [list(240, [1, 2, 3]), list(310, [4]), list(370, [5, 6, 7]), list(440, [8]), list(510, [9]), list(580, [])]

    @Test func basic() throws {
        let res = try record(spec(ops), inputs: ["xs": hot(Self.xs, completed: 600)]).events
        #expect(res == Self.windows + [Self.list(600, []), completed(600)])
    }

    @Test func errorDropsWhatIsCollected() throws {
        #expect(try record(spec(ops), inputs: ["xs": hot(Self.xs, error: 600)]).events == Self.windows + [error(600)])
    }

    /// RxTest's hot elements due at the disposal (370) still arrive, as they were scheduled first.
    @Test func disposed() throws {
        let res = try record(spec(ops), inputs: ["xs": hot(Self.xs, completed: 600)], disposed: 371).events
        #expect(res == Array(Self.windows.prefix(3)))
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- buffer: { timeSpan: 0ms, count: 3 }").count == 1)
        #expect(OperatorTimeline.diagnostics("- buffer: { timeSpan: 1s, count: 0 }") == ["9:40: invalid-count: 'buffer' needs a 'count:' of 1 or more, found '0'"])
        #expect(OperatorTimeline.diagnostics("- buffer: { timeSpan: 1s, count: -2 }").count == 1)
        #expect(OperatorTimeline.diagnostics("- buffer: { timeSpan: 1s }").count == 1)
        #expect(OperatorTimeline.diagnostics("- buffer: 3").count == 1)
    }
}
