import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools
import Testing

/// Issue 25, fault 15: `explore --write` on a CRLF spec added a second `scenarios:` (a Swift
/// `Character` holds "\r\n" whole, so the text split on "\n" was one line) and the write failed.
@Suite("Writing a counterexample into a CRLF spec")
struct SpecAppenderLineEndingTests {
    private let item = "  - name: \"new\"\n    steps:\n      - send: tap\n"

    @Test func theScenarioJoinsTheExistingListInTheFilesLineEndings() throws {
        let text = "screen: S\r\nscenarios:\r\n- name: old\r\n  steps: []\r\n\r\ninvariants:\r\n  ok: true\r\n"
        let out = try SpecAppender.inserting(item, into: text).get()
        #expect(out == "screen: S\r\nscenarios:\r\n- name: old\r\n  steps: []\r\n\r\n- name: \"new\"\r\n  steps:\r\n    - send: tap\r\n\r\ninvariants:\r\n  ok: true\r\n")
        #expect(out.components(separatedBy: "scenarios:").count == 2)
    }

    @Test func aCRLFSpecWithoutScenariosGetsTheSectionInCRLF() throws {
        let out = try SpecAppender.inserting(item, into: "screen: S\r\ninputs:\r\n  tap: event").get()
        #expect(out == "screen: S\r\ninputs:\r\n  tap: event\r\n\r\nscenarios:\r\n  - name: \"new\"\r\n    steps:\r\n      - send: tap\r\n")
    }

    @Test func aCRLFSpecIsWrittenAndStillChecks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-crlf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/checkout.yaml"
        let crlf = RaceSpecs.checkout.replacingOccurrences(of: "\n", with: "\r\n")
        try crlf.write(toFile: path, atomically: true, encoding: .utf8)
        let spec = try RaceSpecs.load(RaceSpecs.checkout, path: path)
        let cx = try #require(Explorer.explore(spec, options: ExploreOptions()).counterexample)
        let written = try SpecAppender.append(cx, toSpecAt: path).get()
        #expect(written.scenarios.count == 2)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        // Every line break of the file is still CRLF, and there is one `scenarios:` key.
        let bytes = Array(after.utf8)
        #expect(!bytes.indices.contains { bytes[$0] == UInt8(ascii: "\n") && ($0 == 0 || bytes[$0 - 1] != UInt8(ascii: "\r")) })
        #expect(after.unicodeScalars.split(separator: "\n").filter { String(String.UnicodeScalarView($0)).hasPrefix("scenarios:") }.count == 1)
    }
}
