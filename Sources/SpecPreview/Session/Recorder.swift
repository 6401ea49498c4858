import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// Keeps what a person does while recording as scenario steps: each step's YAML as the checker
/// compiled it, the virtual time between steps as `wait:`, and "Expect this" as `expect:`. A
/// recording starts on a fresh screen at time zero (the session restarts), so the scenario
/// replays from where a scenario starts.
final class Recorder {
    private(set) var recording = false
    private var lines: [String] = []
    private var last = 0
    /// The service calls made meanwhile: the answers chosen and live become the scenario's
    /// `services:` override.
    var calls = CallLog()

    func start() {
        recording = true
        lines = []
        last = 0
        typing = nil
        calls.reset()
    }

    /// The time waited since the last recorded step, as a `wait:` before the next one.
    private func waitUntil(_ now: Int) {
        if now > last { lines.append("- wait: \(YAMLValueText.duration(now - last))") }
        last = now
    }

    /// Typing into `field` since the last other step: where its lines start, and the time of the
    /// step before them. The next keystroke into the same field replaces them, so a word typed
    /// key by key is one `type:` step with the whole text, after a wait to its last key, as
    /// Maestro Studio keeps it.
    private var typing: (field: String, from: Int, since: Int)?

    /// Keeps `line`, played at `now`; `typedInto` names the field a `type:` step types into.
    func step(_ line: String, at now: Int, typedInto field: String? = nil) {
        guard recording else { return }
        if let field, let typing, typing.field == field {
            lines.removeSubrange(typing.from...)
            last = typing.since
        }
        let start = (lines.count, last)
        waitUntil(now)
        lines.append(line)
        typing = field.map { ($0, start.0, start.1) }
    }

    func expect(_ name: String, _ value: Value, at now: Int) {
        guard recording else { return }
        typing = nil
        waitUntil(now)
        lines.append("- expect: { \(name): \(YAMLValueText.text(value)) }")
    }

    var stepCount: Int { lines.count }

    /// The scenario as an item of `scenarios:`, named `name` (made unique among `taken`).
    /// `params` is the screen's `params:` line body (`repository: { ... }`), when it has some.
    func scenarioYAML(name: String, taken: Set<String>, params: String? = nil, services: [String] = []) -> (name: String, yaml: String) {
        var unique = name
        var n = 2
        while taken.contains(unique) {
            unique = "\(name) \(n)"
            n += 1
        }
        var quoted = ""
        ValueFormatter.quote(unique, into: &quoted)
        // Indented as an item of `scenarios:`, as `SpecAppender` takes it.
        var out = "  - name: \(quoted)\n"
        if let params { out += "    params: { \(params) }\n" }
        for line in services { out += line + "\n" }
        out += "    steps:\n"
        for line in lines { out += "      \(line)\n" }
        return (unique, out)
    }

    /// Appends the recording to the spec at `specPath` as `explore --write` does (the text is
    /// checked with the scenario before the file is replaced whole), then writes its snapshot.
    /// Returns the scenario's name and the spec's new text.
    func save(name: String, at now: Int, specPath: String, spec: CheckedSpec, params: String? = nil) -> Result<(name: String, text: String), PreviewError> {
        guard recording else { return .failure(PreviewError(message: "nothing is being recorded; press Record first")) }
        guard !lines.isEmpty else { return .failure(PreviewError(message: "the recording has no steps yet")) }
        // The time up to the stop is part of what happened: an answer that came meanwhile (a live
        // one, kept in the cassette) replays within the scenario.
        waitUntil(now)
        guard let data = FileManager.default.contents(atPath: specPath) else {
            return .failure(PreviewError(message: "cannot read '\(specPath)'"))
        }
        let text = String(decoding: data, as: UTF8.self)
        let taken = Set(SpecLoader.load(text: text, path: specPath, resolver: FileSystemSpecResolver()).spec?.scenarios.map(\.name) ?? [])
        let (unique, yaml) = scenarioYAML(name: name, taken: taken, params: params, services: calls.overrideLines(spec))
        let updated: String
        switch SpecAppender.inserting(yaml, into: text) {
        case .failure(let f): return .failure(PreviewError(message: f.message))
        case .success(let t): updated = t
        }
        // With the spec's siblings, as from its file: a navigation finds its target among them.
        let loaded = SpecLoader.load(text: updated, path: specPath, resolver: FileSystemSpecResolver())
        guard let spec = loaded.spec, spec.scenarios.contains(where: { $0.name == unique }) else {
            return .failure(PreviewError(message: "the spec with the recording would not check, so '\(specPath)' was left unchanged:\n"
                                  + loaded.renderDiagnostics()))
        }
        do {
            try SnapshotFile.writeAtomically(updated, to: specPath)
        } catch {
            return .failure(PreviewError(message: "\(error)"))
        }
        let outcome = SnapshotSuite.verify(specPath: specPath, mode: .recordNew, filter: unique)
        recording = false
        if let failed = outcome.scenarios.first(where: { $0.scenario == unique && $0.status.isFailure }) {
            let why = failed.writeError ?? failed.expectFailures.joined(separator: "; ")
            return .failure(PreviewError(message: "saved '\(unique)' to '\(specPath)', but it does not pass: \(why)"))
        }
        return .success((unique, updated))
    }
}
