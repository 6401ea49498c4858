import Foundation
import Testing

/// docs/conformance.md shows the login contract of `RxContracts.swift`: the region between the
/// `doc` comment and the `end doc` comment is a ```swift block of the page, character for
/// character once the common indentation is removed.
struct DocExamplesTests {
    @Test func thePageShowsTheLoginContract() throws {
        let here = URL(fileURLWithPath: #filePath)
        let page = try String(contentsOf: here.appendingPathComponent("../../../../../docs/conformance.md").standardized, encoding: .utf8)
        let source = try String(contentsOf: here.deletingLastPathComponent().appendingPathComponent("RxContracts.swift"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
        let part = try #require(source.components(separatedBy: "// doc" + ": rx contract\n").dropFirst().first)
        let body = part.components(separatedBy: "\n").prefix { !$0.contains("// end doc") }
        let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        let text = body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n") + "\n"
        #expect(blocks.contains(text), "docs/conformance.md has no ```swift block for the login contract:\n\(text)")
    }
}
