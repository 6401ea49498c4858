import ScreenSpec
import SpecRuntime

/// libFuzzer's entry point: one input is one spec file's bytes. It is loaded and checked like
/// `specrun check` does, and when it is valid its first scenarios are compiled and played with
/// small budgets, so that a slow input is a finding of the tool's own limits rather than a timeout.
/// Any trap (overflow, out-of-range index, force unwrap, `fatalError`) is a crash libFuzzer
/// reports and saves; a diagnostic or a stopped scenario is a normal outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let loaded = SpecLoader.load(text: text, path: "fuzz.yaml")
    _ = loaded.renderDiagnostics()
    guard let spec = loaded.spec else { return 0 }
    for index in spec.scenarios.indices.prefix(3) {
        let timeline = ScenarioRunner.run(spec, scenario: index, entryLimit: 2_000, eventLimit: 20_000)
        _ = TimelineFormatter.text(timeline)
        _ = TimelineFormatter.jsonLines(timeline)
    }
    return 0
}
