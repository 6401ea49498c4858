import Foundation
import SpecTesting
import Testing

/// A spec path with a line break cannot be written in an lcov file without forging records of
/// its own: `coverage --format lcov` refuses it, and writes nothing (issue 25, item 18).
@Suite struct LcovPathTests {
    @Test(arguments: ["specs/a\nDA:1,1\nend_of_record\nSF:/etc/passwd\n.yaml", "specs/cr\r.yaml"])
    func aSpecPathWithALineBreakIsRefused(_ name: String) throws {
        let cli = try Workspace(withLogin: false)
        try cli.write(name, Fixtures.tiny)
        try cli.write("specs/plain.yaml", Fixtures.tiny.replacingOccurrences(of: "Tiny", with: "Plain"))
        let result = try cli.run(["coverage", "specs", "--format", "lcov", "--output", "coverage.lcov"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("holds a line break, which an lcov file cannot carry"), "\(result.stderr)")
        #expect(!result.stderr.contains("\n.yaml") && !result.stderr.contains("\r"), "the path is shown escaped: \(result.stderr)")
        #expect(!cli.exists("coverage.lcov"))
        #expect(try cli.run(["coverage", "specs/plain.yaml", "--format", "lcov"]).stdout.hasPrefix("TN:\nSF:specs/plain.yaml\n"))
        // Other formats carry any path.
        #expect(try cli.run(["coverage", "specs", "--format", "json"]).status == 0)
    }
}
