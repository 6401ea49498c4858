import SpecRuntime

/// Writes a value as YAML flow text that a spec reads back as the same value (the inverse of the
/// checker's value reader, `YAMLParser` beside it), for the scenarios `specrun explore` and the
/// preview's recordings write.
package enum YAMLValueText {
    package static func text(_ value: Value) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    private static func write(_ value: Value, into out: inout String) {
        switch value {
        case .void: out += "()"
        case .none: out += "~"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += ValueFormatter.formatDouble(d)
        // A JSON string literal is a YAML double-quoted scalar with the same escapes.
        case .string(let s): ValueFormatter.quote(s, into: &out)
        case .list(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                write(item, into: &out)
            }
            out += "]"
        case .record(let r):
            out += "{ "
            for i in r.fields.indices {
                if i > 0 { out += ", " }
                out += r.fieldNames[i] + ": "
                write(r.fields[i], into: &out)
            }
            out += " }"
        case .enumCase(let e): out += e.caseName
        case .error(let e):
            switch e.kind {
            case .http: out += "http(\(e.status ?? 500))"
            case .evaluation: out += "unknown"
            default: out += e.kind.rawValue
            }
        case .color(let c): ValueFormatter.quote(c.text, into: &out)
        case .navigation: out += "~"
        }
    }

    /// One entry of a service's `results:` giving exactly `outcome` after `latency` ms: a scenario
    /// override that answers a call as it was answered once (a counterexample, a recording). A
    /// `sequence:` keeps its events' own times.
    package static func result(_ outcome: ServicePlan.Outcome, latency: Int) -> String {
        switch outcome {
        case .success(let value): return "{ value: \(text(value)), latency: \(duration(latency)) }"
        case .failure(let error): return "{ fail: \(failure(error)), latency: \(duration(latency)) }"
        case .sequence(let events):
            let items = events.map { event -> String in
                switch event.event {
                case .next(let value): return "{ at: \(duration(event.time)), value: \(text(value)) }"
                case .end(.completed): return "{ at: \(duration(event.time)), complete: true }"
                case .end(.error(let error)): return "{ at: \(duration(event.time)), fail: \(failure(error)) }"
                }
            }
            return "{ sequence: [\(items.joined(separator: ", "))] }"
        }
    }

    /// A fake's failure: `http(404)`, or with the body it answered (`errorBody:`) as a fake gives
    /// one, `{ http: 422, body: { … } }`.
    private static func failure(_ error: ErrorValue) -> String {
        guard error.kind == .http, let body = error.body else { return text(.error(error)) }
        return "{ http: \(error.status ?? 500), body: \(text(body)) }"
    }

    /// `300ms`, `5s`, `2m`, `48h`, `1500ms`: the largest unit that divides it.
    package static func duration(_ ms: Int) -> String {
        guard ms > 0 else { return "0ms" }
        if ms % 3_600_000 == 0 { return "\(ms / 3_600_000)h" }
        if ms % 60_000 == 0 { return "\(ms / 60_000)m" }
        if ms % 1000 == 0 { return "\(ms / 1000)s" }
        return "\(ms)ms"
    }
}
