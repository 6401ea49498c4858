import Foundation
import SpecTesting
import Testing

/// The lcov report of `specrun coverage` read back by lcov itself.
@Suite("lcov reads the coverage report", .requires(.lcov))
struct LcovReportTests {
    /// `lcov --summary` counts a branch per coverage item and a line per YAML line with items.
    @Test func lcovReadsTheLcovReport() throws {
        let dir = try PackagePaths.temporaryFolder("specrun-lcov")
        let report = dir + "/specs.lcov"
        #expect(try CLI.run(["coverage", "--format", "lcov", "--output", report]).status == 0)
        let json = try CLI.run(["coverage", "--format", "json"])
        let total = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["total"] as? Int)

        let summary = try ExternalTool.lcov.run(["--summary", report, "--rc", "lcov_branch_coverage=1"])
        #expect(summary.status == 0, "\(summary)")
        #expect(summary.output.contains("branches...: 100.0% (\(total) of \(total) branches)"), "\(summary)")
    }
}
