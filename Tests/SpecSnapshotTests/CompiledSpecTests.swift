import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools
import Testing

/// A compiled spec plays exactly as its YAML: every shipped spec, compiled to JSON and loaded
/// back with SpecRuntime alone, gives the same timeline text for every scenario.
@Suite struct CompiledSpecTests {
    static let specPaths = SpecFinder.specs(in: [PackageSpecs.folder])

    @Test(arguments: specPaths)
    func compiledSpecPlaysTheTimelinesOfItsYAML(_ path: String) throws {
        let loaded = SpecLoader.load(path: path)
        let spec = try #require(loaded.spec, "\(path) is invalid:\n\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(spec)
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        #expect(compiled.scenarios.count == spec.scenarios.count)
        #expect(!spec.scenarios.isEmpty)
        for i in spec.scenarios.indices {
            let fromYAML = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: i))
            let fromJSON = TimelineFormatter.text(ScenarioRunner.run(compiled, scenario: i))
            #expect(fromJSON == fromYAML, "\(path) › \(spec.scenarios[i].name)")
        }
        // The same program compiles to the same bytes, so compiled files can be compared.
        #expect(try CompiledSpec.json(compiled) == json)
    }
}
