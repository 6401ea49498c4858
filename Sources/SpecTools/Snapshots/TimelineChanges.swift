import SpecRuntime

/// Summarises a diff of two timeline texts in one line: which outputs changed and at which
/// virtual times, read back from the changed lines (`<time>ms  <name>  <value>`), such as
/// `outputs changed: login.enabled at 0ms, 5000ms; canLogin at 0ms`.
package enum TimelineChanges {
    /// At most this many times are listed per output before `…`.
    static let timesShown = 5

    package static func summary(of diff: LineDiff) -> String {
        var outputs: [(name: String, times: [Int])] = []
        var steps: [Int] = []
        var errors: [Int] = []
        var ends: [(name: String, times: [Int])] = []
        var cancels: [(name: String, times: [Int])] = []
        var calls: [(name: String, times: [Int])] = []
        var other = false
        func note(_ line: String) {
            guard let parsed = TimelineLine(line) else { other = true; return }
            switch parsed.kind {
            case .emission(let name):
                if let i = outputs.firstIndex(where: { $0.name == name }) {
                    if !outputs[i].times.contains(parsed.time) { outputs[i].times.append(parsed.time) }
                } else {
                    outputs.append((name, [parsed.time]))
                }
            case .step:
                if !steps.contains(parsed.time) { steps.append(parsed.time) }
            case .error:
                if !errors.contains(parsed.time) { errors.append(parsed.time) }
            case .end(let name): add(name, parsed.time, to: &ends)
            case .cancel(let name): add(name, parsed.time, to: &cancels)
            case .call(let name): add(name, parsed.time, to: &calls)
            }
        }
        func add(_ name: String, _ time: Int, to list: inout [(name: String, times: [Int])]) {
            if let i = list.firstIndex(where: { $0.name == name }) {
                if !list[i].times.contains(time) { list[i].times.append(time) }
            } else {
                list.append((name, [time]))
            }
        }
        for edit in diff.edits {
            switch edit {
            case .keep: continue
            case .delete(let o): note(diff.old[o])
            case .insert(let n): note(diff.new[n])
            }
        }
        var parts: [String] = []
        if !outputs.isEmpty {
            let listed = outputs.map { "\($0.name) at \(times($0.times))" }.joined(separator: "; ")
            parts.append((outputs.count == 1 ? "output changed: " : "outputs changed: ") + listed)
        }
        if !ends.isEmpty {
            let listed = ends.map { "\($0.name) at \(times($0.times))" }.joined(separator: "; ")
            parts.append((ends.count == 1 ? "end changed: " : "ends changed: ") + listed)
        }
        if !cancels.isEmpty {
            let listed = cancels.map { "\($0.name) at \(times($0.times))" }.joined(separator: "; ")
            parts.append("cancelled requests changed: " + listed)
        }
        if !calls.isEmpty {
            let listed = calls.map { "\($0.name) at \(times($0.times))" }.joined(separator: "; ")
            parts.append("calls changed: " + listed)
        }
        if !steps.isEmpty { parts.append("steps changed at \(times(steps))") }
        if !errors.isEmpty { parts.append("runtime errors changed at \(times(errors))") }
        if other { parts.append("header changed") }
        return parts.isEmpty ? "no change" : parts.joined(separator: "; ")
    }

    private static func times(_ values: [Int]) -> String {
        let sorted = values.sorted()
        let shown = sorted.prefix(timesShown).map { "\($0)ms" }.joined(separator: ", ")
        return sorted.count > timesShown ? shown + ", … (\(sorted.count) times)" : shown
    }
}

/// One line of `TimelineFormatter.text`, read back: `   500ms  name  value`, `   0ms  ▶ step`,
/// `   0ms  ! runtime error: …`, `   0ms  out  ✓ completed` (an end, as is `✗ error …`) and
/// `   0ms  out  ⊘ cancelled api.get(…)…` (a cancelled inner stream) and `   0ms  api.get  ↗ (id: 1)`
/// (a service called).
struct TimelineLine {
    enum Kind { case emission(name: String), step, error, end(name: String), cancel(name: String), call(name: String) }
    var time: Int
    var kind: Kind

    init?(_ line: String) {
        let trimmed = line.drop { $0 == " " }
        guard let ms = trimmed.range(of: "ms  ") else { return nil }
        guard let time = Int(trimmed[..<ms.lowerBound]) else { return nil }
        let rest = trimmed[ms.upperBound...]
        self.time = time
        if rest.hasPrefix("▶ ") {
            kind = .step
        } else if rest.hasPrefix("! ") || rest.hasPrefix("✗ ") {
            kind = .error
        } else {
            let name = rest.prefix { $0 != " " }
            guard !name.isEmpty else { return nil }
            let value = rest.dropFirst(name.count).drop { $0 == " " }
            if value == "✓ completed" || value.hasPrefix("✗ error ") {
                kind = .end(name: String(name))
            } else if value.hasPrefix("⊘ cancelled ") {
                kind = .cancel(name: String(name))
            } else if value.hasPrefix("↗ (") {
                kind = .call(name: String(name))
            } else {
                kind = .emission(name: String(name))
            }
        }
    }
}
