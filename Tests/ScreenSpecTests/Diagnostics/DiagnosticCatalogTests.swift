import Foundation
@testable import ScreenSpec
import SpecTesting
import Testing

/// Diagnostic ids are static members of `DiagnosticID`, so the compiler refuses a report with an
/// id the catalogue lacks. These tests keep the rest in step: every member is listed (SARIF's
/// rules), ids are unique, and docs/diagnostics.md has exactly one row per id with a message.
@Suite("Diagnostic ids")
struct DiagnosticCatalogTests {
    @Test func idsAreUniqueAndWordsJoinedByDashes() {
        let ids = DiagnosticCatalog.all.map(\.rawValue)
        #expect(ids.count > 80)
        #expect(Set(ids).count == ids.count, "an id is listed twice")
        for id in ids { #expect(!id.isEmpty && id.allSatisfy { $0.isLowercase || $0 == "-" }, "'\(id)'") }
        for entry in DiagnosticCatalog.all { #expect(!entry.summary.isEmpty, "'\(entry)' has no summary") }
    }

    /// Each phase's file lists every id it declares, so none is left out of SARIF's rules and the docs.
    @Test func everyDeclaredIdIsListed() throws {
        let folder = PackagePaths.root + "/Sources/ScreenSpec/Diagnostics/IDs"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        var declared: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for part in text.components(separatedBy: "= DiagnosticID(\"").dropFirst() { declared.insert(String(part.prefix { $0 != "\"" })) }
        }
        #expect(declared == Set(DiagnosticCatalog.all.map(\.rawValue)))
    }

    @Test func everyIdIsDocumentedWithAMessageAndNothingElseIs() throws {
        let doc = try String(contentsOfFile: PackagePaths.root + "/docs/diagnostics.md", encoding: .utf8)
        let rows = doc.split(separator: "\n").filter { $0.hasPrefix("| <a id=\"") }
        for id in DiagnosticCatalog.all.map(\.rawValue) {
            let row = rows.first { $0.hasPrefix("| <a id=\"\(id)\"></a>`\(id)` |") }
            #expect(row != nil, "docs/diagnostics.md has no row for '\(id)'")
            if let row { #expect(row.split(separator: "|").count >= 3 && row.hasSuffix("` |"), "'\(id)' has no example message") }
        }
        let documented = rows.map { String($0.dropFirst("| <a id=\"".count).prefix { $0 != "\"" }) }
        #expect(Set(documented).subtracting(DiagnosticCatalog.all.map(\.rawValue)).isEmpty, "docs/diagnostics.md lists ids nothing reports")
    }
}
