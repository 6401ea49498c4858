import Foundation
import Testing
@testable import SpecrunCLI

/// When `specrun review` pages a change and with what (issue 28, "The loop"); on a real terminal:
/// `ReviewPagerTerminalTests`.
@Suite struct PagerTests {
    @Test func pagerCommandFollowsPagerAndDefaultsToLess() {
        #expect(Pager.command(environment: [:]) == "less -R -F -X")
        #expect(Pager.command(environment: ["PAGER": "most"]) == "most")
        // An empty PAGER, or cat, means no pager, as git takes it.
        #expect(Pager.command(environment: ["PAGER": ""]) == nil)
        #expect(Pager.command(environment: ["PAGER": " cat "]) == nil)
    }

    @Test func onlyTextTallerThanATerminalIsPaged() {
        // One row stays for the prompt.
        #expect(!Pager.needed(lines: 23, rows: 24))
        #expect(Pager.needed(lines: 24, rows: 24))
        // Not a terminal: never.
        #expect(!Pager.needed(lines: 10_000, rows: nil))
    }

    @Test func aPagerThatCannotStartIsReported() throws {
        #expect(!Pager.page("text\n", with: "/nonexistent/pager"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pager-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(Pager.page("one\ntwo\n", with: "cat > '\(file)'"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "one\ntwo\n")
    }
}
