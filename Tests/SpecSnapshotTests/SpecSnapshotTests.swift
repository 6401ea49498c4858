import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools
import SpecTesting
import Testing

/// Every spec committed under `specs/`, found from this file's path so the test does not depend
/// on the working folder.
enum PackageSpecs {
    static let folder = PackagePaths.root + "/specs"

    /// One case per scenario, or one per spec that does not load (so that it fails too).
    struct Case: Sendable, CustomTestStringConvertible {
        var specPath: String
        var scenario: String?

        var testDescription: String {
            let relative = specPath.hasPrefix(PackagePaths.root + "/") ? String(specPath.dropFirst(PackagePaths.root.count + 1)) : specPath
            return scenario.map { "\(relative) › \($0)" } ?? "\(relative) (invalid)"
        }
    }

    static let cases: [Case] = SpecFinder.specs(in: [folder]).flatMap { path -> [Case] in
        guard let spec = SpecLoader.load(path: path).spec else { return [Case(specPath: path, scenario: nil)] }
        return spec.scenarios.map { Case(specPath: path, scenario: $0.name) }
    }
}

/// `swift test` plays every spec of `specs/` against its snapshot and never writes: a missing
/// or different snapshot fails here. Record or accept with `specrun test [--update]`.
@Suite struct SpecSnapshotTests {
    @Test(arguments: PackageSpecs.cases)
    func scenarioMatchesItsSnapshot(_ testCase: PackageSpecs.Case) throws {
        let loaded = SpecLoader.load(path: testCase.specPath)
        guard let spec = loaded.spec, let name = testCase.scenario else {
            Issue.record("\(testCase.specPath) is invalid:\n\(loaded.renderDiagnostics())")
            return
        }
        let index = try #require(spec.scenarios.firstIndex { $0.name == name })
        let outcome = SnapshotSuite.check(spec, specPath: testCase.specPath, scenario: index, mode: .verify)
        #expect(outcome.wrote == false)
        if let failure = outcome.failureDescription { Issue.record(Comment(rawValue: failure)) }
    }

    @Test func specsFolderHasSpecs() {
        #expect(!PackageSpecs.cases.isEmpty, "no specs found under \(PackageSpecs.folder)")
    }

    @Test func noObsoleteSnapshots() {
        var obsolete = SpecFinder.orphanedSnapshots(under: PackageSpecs.folder)
        for path in SpecFinder.specs(in: [PackageSpecs.folder]) {
            if let spec = SpecLoader.load(path: path).spec {
                obsolete += SnapshotSuite.obsoleteSnapshots(of: spec, specPath: path)
            }
        }
        #expect(obsolete.isEmpty, "obsolete snapshots; delete them with 'specrun test --prune': \(obsolete)")
    }
}
