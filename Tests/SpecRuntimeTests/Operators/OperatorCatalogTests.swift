import Foundation
@testable import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// The operator catalogue is the one list of operators: the reader, the schema and the docs'
/// tables follow it, and what an entry refers to exists.
@Suite struct OperatorCatalogTests {
    @Test func namesAreUniqueAndTheReaderReadsThem() {
        let names = OperatorCatalog.names
        #expect(Set(names).count == names.count)
        #expect(SpecReader.operatorNames == names)
    }

    @Test func everyOperatorHasASchemaWithItsSummary() {
        let schema = SpecSchema.operators
        #expect(schema.map(\.name) == OperatorCatalog.names)
        for (entry, row) in zip(OperatorCatalog.all, schema) { #expect(row.description == entry.summary) }
        for entry in OperatorCatalog.all { #expect(SpecSchema.bareOperators.contains(entry.name) == entry.shape.mayBeBare, "\(entry.name)") }
    }

    @Test func everyMutationOfAnEntryFitsItsShape() {
        func kinds(_ entry: OperatorEntry?) -> [OperatorParameter.Kind]? { entry?.shape.parameters.filter(\.required).map(\.kind) }
        func sameRule(_ a: OperatorTyping?, _ b: OperatorTyping) -> Bool {
            // Requests differ only in how inner streams combine (`flatMapLatest` -> `flatMap`).
            if case .requests? = a, case .requests = b { return true }
            return a == b
        }
        for entry in OperatorCatalog.all {
            let every = entry.shape.parameters.map(\.kind)
            for case .replace(let other) in entry.mutations {
                let target = OperatorCatalog.entry(named: other)
                // The argument is kept: the target reads it the same way, options aside.
                #expect(kinds(target) == kinds(entry) && sameRule(target?.typing, entry.typing), "'\(entry.name)' is mutated into '\(other)'")
            }
            if entry.mutations.contains(.countByOne) {
                #expect(every.contains { if case .count = $0 { true } else { $0 == .countOrDuration } }, "\(entry.name)")
            }
            if entry.mutations.contains(.durationByHalfAndDouble) {
                #expect(every.contains { if case .duration = $0 { true } else { $0 == .countOrDuration } }, "\(entry.name)")
            }
            if entry.durationIsWait { #expect(every.contains { if case .duration = $0 { true } else { false } }, "\(entry.name)") }
        }
    }

    /// docs/spec-language.md's operator table and ends table each have a row for every operator.
    @Test func theDocsTablesHaveARowForEveryOperator() throws {
        let page = try String(contentsOfFile: PackagePaths.root + "/docs/spec-language.md", encoding: .utf8)
        func firstColumns(after heading: String) throws -> [String] {
            let start = try #require(page.range(of: heading))
            let lines = page[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            let table = lines.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
            return table.map { String($0.split(separator: "|").first ?? "").trimmingCharacters(in: .whitespaces) }
        }
        let operators = try firstColumns(after: "#### Operators\n")
        let ends = try firstColumns(after: "### Each operator's rules for ends\n")
        for name in OperatorCatalog.names {
            #expect(operators.contains { $0.components(separatedBy: ", ").contains(name) }, "no row for '\(name)' in the operator table")
            #expect(ends.contains { $0.contains("`\(name)`") || $0.contains("`\(name):") }, "no row for '\(name)' in the ends table")
        }
    }
}
