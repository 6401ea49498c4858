import SpecTesting
import Testing

/// What "in CI" means, once for every test that needs an external tool.
@Suite struct ExternalToolTests {
    @Test(arguments: [("true", true), ("1", true), ("yes", true), ("github", true),
                      ("", false), ("  ", false), ("false", false), ("FALSE", false), ("0", false), ("no", false)])
    func ciIsSetByAnyValueButTheFalseOnes(_ value: String, _ expected: Bool) {
        #expect(ContinuousIntegration.isTrue(value) == expected)
    }

    @Test func unsetCIIsNotCI() {
        #expect(!ContinuousIntegration.isTrue(nil))
    }

    @Test func aMissingToolNamesItselfAndItsInstall() throws {
        let missing = ExternalTool(name: "no-such-tool", install: "apt-get install no-such-tool", location: nil)
        #expect(!missing.isAvailable)
        #expect(ExternalTool.Missing(tools: [missing]).description
            == "no-such-tool not found (CI is set, so this fails instead of skipping); install it with: apt-get install no-such-tool")
        withKnownIssue { _ = try missing.path() }
    }

    @Test func aToolOnThePathIsFound() {
        #expect(ExternalTool.onPath(["sh"]) != nil)
        #expect(ExternalTool.onPath(["no-such-tool-\(UInt32.random(in: 0...UInt32.max))"]) == nil)
    }
}
