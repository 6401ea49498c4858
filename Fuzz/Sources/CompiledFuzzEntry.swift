import Foundation
import SpecRuntime

/// libFuzzer's entry point of the compiled-program target: one input is one compiled spec's
/// bytes, loaded as an app loads it (`CompiledSpec.load`, SpecRuntime alone). A refused input
/// must say where it is wrong; a loaded one is written back as JSON and its first scenarios are
/// played with small budgets and rendered. A trap anywhere, or a refusal that names no place, is
/// a crash libFuzzer reports and saves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let spec: CheckedSpec
    do {
        spec = try CompiledSpec.load(json: Data(bytes: bytes, count: count))
    } catch {
        guard RefusalPlace.isLocated(error.message) else { fatalError("a refusal that says not where: \(error.message)") }
        return 0
    }
    _ = try? CompiledSpec.json(spec)
    for index in spec.scenarioNames.indices.prefix(3) {
        let timeline = ScenarioRunner.run(spec, scenario: index, entryLimit: 2_000, eventLimit: 20_000)
        _ = TimelineFormatter.text(timeline)
        _ = TimelineFormatter.jsonLines(timeline)
    }
    return 0
}

/// The forms of a refusal that says where (docs/compiled-specs.md): a line and column for text
/// that is not JSON; a path into the file for a key or value; the top level's two keys.
enum RefusalPlace {
    static func isLocated(_ message: String) -> Bool {
        let prefixes = [
            "not a compiled spec: not JSON at line ",
            "not a compiled spec: the file is not a JSON object",
            "not a compiled spec: expected \"format\": ",
            "not a compiled spec: at ",
            "malformed compiled spec: at ",
            "malformed compiled spec: no key 'program'",
            "malformed compiled spec: no key 'format'",
            "malformed compiled spec: no key 'version'",
            "inconsistent compiled spec: ",
        ]
        if message.hasPrefix("compiled spec version ") { return true }
        guard let prefix = prefixes.first(where: message.hasPrefix) else { return false }
        // The validator names the table first: `nodes[3] …`, `explore.waits …`, `'rank' …`.
        if prefix == "inconsistent compiled spec: " {
            let rest = message.dropFirst(prefix.count)
            return rest.hasPrefix("'rank'") || rest.hasPrefix("explore") || rest.range(of: #"^[a-zA-Z]+\[\d+\]"#, options: .regularExpression) != nil
                || rest.hasPrefix("params")
        }
        return true
    }
}
