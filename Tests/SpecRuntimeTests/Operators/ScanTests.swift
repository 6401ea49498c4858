import SpecRuntime
import SpecTesting
import Testing

/// `scan`: Observable+ScanTests.
@Suite("scan") struct ScanTests: OperatorTests {
    let ops = "- scan: { seed: \"0\", accumulator: \"$0 + $1\" }"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements) == [next(210, 2), next(220, 5), next(230, 8), next(240, 13), completed(300)])
    }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [next(210, 2), next(220, 5), next(230, 8), next(240, 13), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(210, 2), next(220, 5), next(230, 8), next(240, 13)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    // Observable+ScanTests test_Scan_Seed_SomeData: seed 42, `+`.
    @Test func seedSomeData() throws {
        let r = try record(spec("- scan: { seed: \"42\", accumulator: \"$0 + $1\" }"),
                           inputs: ["xs": hot([(150, 1), (210, 2), (220, 3), (230, 4), (240, 5)], completed: 250)])
        #expect(r.events == [next(210, 44), next(220, 47), next(230, 51), next(240, 56), completed(250)])
    }

    // test_Scan_Seed_SomeData without an end.
    @Test func seedSomeDataNoEnd() throws {
        let r = try record(spec("- scan: { seed: \"42\", accumulator: \"$0 + $1\" }"), inputs: ["xs": hot([(210, 2), (220, 3), (230, 4), (240, 5)])])
        #expect(r.events == [next(210, 44), next(220, 47), next(230, 51), next(240, 56)])
    }

    @Test func collectsIntoAList() throws {
        let r = try record(spec("- scan: { seed: \"[]\", accumulator: \"$0 + [$1]\" }"), inputs: ["xs": hot([(210, 1), (220, 2)])])
        #expect(r.events == [next(210, .list([.int(1)])), next(220, .list([.int(1), .int(2)]))])
    }
}
