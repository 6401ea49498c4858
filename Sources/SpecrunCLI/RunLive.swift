import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// `specrun run --live`: the scenarios on a live screen (real time, one serial executor, calls
/// overlapping and cancelled as in an app), services with an `http:` section calling the backend
/// (the others stay fakes), the same timeline and JSON lines, `expect:` still judging; a located
/// note for each answer that is not what the fake would have answered.
///
/// The environment values the `http:` sections read are secrets: everything this prints, on
/// either stream, goes through the client's redaction first.
struct LiveRun {
    let baseURL: String?
    let environment: [String: String]
    /// URLSession, in `specrun-live` (SpecHTTP).
    let transport: any HTTPTransport = NetworkedCommandsHost.required().transport()

    /// Reading `env.NAME` from this process's environment.
    init(baseURL: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.baseURL = baseURL
        self.environment = environment
    }

    /// A base URL is `http://` or `https://` with a host; nil when it is one, else the problem.
    static func problem(withBaseURL url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            return "'--base-url' takes an http or https URL such as 'http://127.0.0.1:8080', found '\(url)'"
        }
        guard let parsed = URL(string: url), parsed.host?.isEmpty == false else {
            return "'--base-url \(url)' is not a URL with a host, such as 'http://127.0.0.1:8080'"
        }
        if parsed.query != nil || parsed.fragment != nil { return "'--base-url' takes no query or fragment ('?…', '#…')" }
        return nil
    }

    /// The located errors of a spec that cannot run live here: an environment variable it reads
    /// is not set. Printed like any diagnostic; the spec then counts as invalid (exit 2).
    func refusal(_ spec: CheckedSpec) -> String? {
        let missing = spec.missingEnvironment(in: environment)
        guard !missing.isEmpty else { return nil }
        let text = DiagnosticFormatter(colors: Output.useColor(for: STDERR_FILENO)).render(missing, sources: Self.sources(spec))
        return text + "\(missing.count) error\(missing.count == 1 ? "" : "s") in \(spec.file)\n"
    }

    /// The spec's text, to show the source line under a message; none when it cannot be read
    /// again (standard input, a compiled spec whose YAML moved).
    static func sources(_ spec: CheckedSpec) -> [String: SourceFile] {
        guard let text = try? String(contentsOfFile: spec.file, encoding: .utf8) else { return [:] }
        return [spec.file: SourceFile(path: spec.file, text: text)]
    }

    /// Plays one scenario on a live screen; its timeline and the notes about fakes that differ
    /// from the backend, both already redacted by the returned `redact`.
    func play(_ spec: CheckedSpec, scenario: Int) -> (timeline: Timeline, notes: String, redact: (String) -> String) {
        let client = HTTPServiceClient(spec: spec, baseURL: baseURL, environment: environment, transport: transport)
        // The scenario's own fakes (its `services:` overrides) are the ones checked.
        let plans = spec.scenarios[scenario].applying(to: spec).services
        var providers: [String: any ServiceProvider] = [:]
        for plan in plans where client.calls(plan.name) { providers[plan.name] = HTTPServiceProvider(client: client) }
        let found = Differences()
        let timeline = LiveScenarioPlayer.runWaiting(spec, scenario: scenario, providers: providers) { answer in
            let plan = plans[answer.service]
            guard let http = plan.http, let difference = FakeComparison.difference(
                plan, at: http.serviceRange, count: answer.count, names: answer.names, arguments: answer.arguments, live: answer.outcome)
            else { return }
            found.append(difference)
        }
        let notes = found.all.map { difference in
            Diagnostic(.note, id: .fakeDiffers, difference.message, at: difference.range)
        }
        let text = notes.isEmpty ? "" : DiagnosticFormatter(colors: Output.useColor(for: STDERR_FILENO))
            .render(notes, sources: Self.sources(spec))
        return (timeline, client.redact(text), client.redact)
    }
}

/// The answers that differed from the fakes, in the order they reached the screen (appended as
/// its graph work, read once the scenario is over).
private final class Differences: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [FakeComparison.Difference] = []

    func append(_ difference: FakeComparison.Difference) {
        lock.lock()
        found.append(difference)
        lock.unlock()
    }

    var all: [FakeComparison.Difference] {
        lock.lock()
        defer { lock.unlock() }
        return found
    }
}
