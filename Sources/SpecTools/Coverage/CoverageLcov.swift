import ScreenSpec
import SpecRuntime

/// The coverage report in lcov's tracefile format, so that CI coverage viewers (genhtml, Codecov,
/// Coveralls) show the spec's YAML lines hit and missed. Each item is a branch (`BRDA`) of its
/// line; a line is hit when any of its items is covered.
///
/// An lcov record is one line: a spec path holding a line break would end its `SF:` record and
/// start records of its own (`DA:`, `end_of_record`), and lcov has no escape for it. Such a path
/// is refused (`UnrepresentablePath`) rather than changed, since a changed path would name
/// another file (issue 25, item 18).
package enum CoverageLcov {
    /// A spec path the lcov format cannot carry.
    package struct UnrepresentablePath: Error, CustomStringConvertible, Sendable {
        package var path: String
        package var description: String {
            "the spec path '\(TerminalText.escaped(path))' holds a line break, which an lcov file cannot carry "
                + "(its 'SF:' record is one line); rename the file, or write '--format json'"
        }
    }

    package static func render(_ report: CoverageReport) throws(UnrepresentablePath) -> String {
        if let path = report.specs.map(\.specPath).first(where: { $0.contains(where: \.isNewline) }) {
            throw UnrepresentablePath(path: path)
        }
        var out = ""
        for spec in report.specs {
            out += "TN:\n"
            out += "SF:\(spec.specPath)\n"
            // Items marked unreachable are left out, as lcov's exclusion markers leave out lines.
            let byLine = Dictionary(grouping: spec.items.filter { $0.unreachableBecause == nil }, by: \.range.start.line)
            for line in byLine.keys.sorted() {
                for (k, item) in byLine[line]!.enumerated() {
                    out += "BRDA:\(line),0,\(k),\(item.covered ? "1" : "-")\n"
                }
            }
            out += "BRF:\(spec.total)\n"
            out += "BRH:\(spec.covered)\n"
            for line in byLine.keys.sorted() {
                out += "DA:\(line),\(byLine[line]!.contains(where: \.covered) ? 1 : 0)\n"
            }
            out += "LF:\(byLine.count)\n"
            out += "LH:\(byLine.values.filter { $0.contains(where: \.covered) }.count)\n"
            out += "end_of_record\n"
        }
        return out
    }
}
