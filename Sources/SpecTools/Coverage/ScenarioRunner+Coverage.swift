import SpecRuntime

extension ScenarioRunner {
    /// Plays one scenario and records in `coverage` what it exercised: the spec compiled with the
    /// recorder as its instrumentation (``CoverageRecorder``), so its probes report there. Compiles
    /// the spec; the engine's `run(_:scenario:…)` plays without probes.
    public static func run(_ spec: CheckedSpec, scenario index: Int, params: [Value] = [], entryLimit: Int = maximumEntries,
                           eventLimit: Int = maximumScheduledEvents, valueSizeLimit: Int = maximumValueSize,
                           recordedSizeLimit: Int = maximumRecordedSize, workLimit: Int = maximumWork,
                           coverage: CoverageRecorder?) -> Timeline {
        run(ScreenProgram(spec, instrumentation: coverage), scenario: index, params: params, entryLimit: entryLimit, eventLimit: eventLimit,
            valueSizeLimit: valueSizeLimit, recordedSizeLimit: recordedSizeLimit, workLimit: workLimit)
    }
}
