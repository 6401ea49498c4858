import Foundation
import SpecTesting
import Testing

/// Every module of this package a test target imports is among the dependencies `Package.swift`
/// declares for it: a test that reaches a module through another target's dependencies builds
/// by chance, and a change to that target breaks it.
@Suite struct TestTargetImportsTests {
    static let modules = ["ScreenSpec", "SpecRuntime", "SpecTools", "SpecTesting", "SpecHTTP", "SpecPreview", "SpecrunCLI", "SpecCodegen"]

    @Test func everyImportedModuleIsDeclared() throws {
        let manifest = try String(contentsOfFile: PackagePaths.path("Package.swift"), encoding: .utf8)
        let folders = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.path("Tests"))
        var checked = 0
        for target in folders.sorted() {
            guard let start = manifest.range(of: ".testTarget(\n            name: \"\(target)\"") ?? manifest.range(of: ".testTarget(name: \"\(target)\"") else { continue }
            let rest = manifest[start.upperBound...]
            let declaration = rest.prefix { $0 != ")" }
            let folder = PackagePaths.path("Tests/" + target)
            guard let files = FileManager.default.enumerator(atPath: folder) else { continue }
            var imported: Set<String> = []
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                    let module = String(line.split(separator: " ").last ?? "")
                    if Self.modules.contains(module) { imported.insert(module) }
                }
            }
            for module in imported.sorted() {
                #expect(declaration.contains("\"\(module)\""), "Tests/\(target) imports \(module), which Package.swift does not declare for it")
            }
            checked += 1
        }
        #expect(checked >= 8)
    }
}
