import Foundation
import Testing

/// docs/conformance.md shows this package's code: each region of its sources between a `doc`
/// comment naming it and the `end doc` comment is a ```swift block of the page, character for
/// character once the common indentation is removed.
struct DocExamplesTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func thePageShowsTheseRegions() throws {
        let page = try String(contentsOf: Self.package.appendingPathComponent("../../docs/conformance.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
        let files = ["Sources/AppViewModels/LoginViewModel.swift", "Tests/AppViewModelsTests/ConformingViewModelsTests.swift"]
        var regions: [String] = []
        let marker = "// doc" + ": "
        for file in files {
            let source = try String(contentsOf: Self.package.appendingPathComponent(file), encoding: .utf8)
            for part in source.components(separatedBy: marker).dropFirst() {
                let lines = part.components(separatedBy: "\n")
                let body = lines.dropFirst().prefix { !$0.contains("// end doc") }
                let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                let text = body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n") + "\n"
                #expect(blocks.contains(text), "docs/conformance.md has no ```swift block for '\(lines[0])' of \(file):\n\(text)")
                regions.append(lines[0])
            }
        }
        #expect(regions == ["view model", "first check", "clock", "contract by hand", "rows by hand"])
    }
}
