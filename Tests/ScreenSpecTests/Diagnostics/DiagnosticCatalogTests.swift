import Foundation
@testable import ScreenSpec
import SpecTesting
import Testing

/// The ids the sources report, the catalogue (SARIF rules) and docs/diagnostics.md list the same
/// set, so a new diagnostic cannot ship undocumented.
@Suite("Diagnostic ids")
struct DiagnosticCatalogTests {
    /// Ids written in the sources as `error("id", ...)` or `Diagnostic(... id: "id", ...)`.
    static func idsInSources() throws -> Set<String> {
        var ids: Set<String> = []
        let folder = PackagePaths.root + "/Sources/ScreenSpec"
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for marker in ["error(\"", "id: \""] {
                for part in text.components(separatedBy: marker).dropFirst() {
                    let id = String(part.prefix { $0 != "\"" })
                    if !id.isEmpty, id.allSatisfy({ $0.isLowercase || $0 == "-" }) { ids.insert(id) }
                }
            }
        }
        return ids
    }

    @Test func everyReportedIdIsCataloged() throws {
        let cataloged = Set(DiagnosticCatalog.entries.map(\.id))
        let reported = try Self.idsInSources()
        #expect(reported.count > 80)
        #expect(reported.subtracting(cataloged).isEmpty, "add to DiagnosticCatalog: \(reported.subtracting(cataloged).sorted())")
        #expect(cataloged.subtracting(reported).isEmpty, "no longer reported: \(cataloged.subtracting(reported).sorted())")
        #expect(cataloged.count == DiagnosticCatalog.entries.count, "an id is listed twice")
    }

    @Test func everyIdIsDocumentedWithAMessage() throws {
        let doc = try String(contentsOfFile: PackagePaths.root + "/docs/diagnostics.md", encoding: .utf8)
        for (id, _) in DiagnosticCatalog.entries {
            let row = doc.split(separator: "\n").first { $0.hasPrefix("| <a id=\"\(id)\"></a>`\(id)` |") }
            #expect(row != nil, "docs/diagnostics.md has no row for '\(id)'")
            if let row { #expect(row.split(separator: "|").count >= 3 && row.hasSuffix("` |"), "'\(id)' has no example message") }
        }
    }
}
