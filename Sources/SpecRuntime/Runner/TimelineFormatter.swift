/// Renders timelines as readable text (the snapshot format) or as JSON lines.
public enum TimelineFormatter {
    /// ```
    /// Login › signs in once the form is valid
    ///      0ms  canLogin          false
    ///      0ms  ▶ set email = "someone@example.com"
    /// ```
    ///
    /// Names, steps and messages come from the spec, so whatever a terminal could act on in them
    /// is escaped as in values (`TerminalText`): the text is safe to print, and a name cannot
    /// break a line of the snapshot.
    public static func text(_ timeline: Timeline) -> String { text(timeline, colors: false) }

    /// ``text(_:)`` with ANSI colours for a terminal when `colors` (`specrun run`): the title in
    /// bold, times dim, names cyan, steps yellow, failures and errors red, completions green,
    /// cancellations magenta, service calls blue. The characters besides the colour codes are the same.
    package static func text(_ timeline: Timeline, colors: Bool) -> String {
        var out = (colors ? "\u{1B}[1m" : "") + TerminalText.escaped("\(timeline.screen) › \(timeline.scenario)") + (colors ? "\u{1B}[0m" : "") + "\n"
        var lines = Lines(timeline, colors: colors)
        for entry in timeline.entries { out += lines.line(entry) + "\n" }
        return out
    }

    /// Prints a timeline's entries one at a time, each as ``text(_:)`` does; rows of cell view
    /// models are printed by identity after their first line (``TimelineRows``), so a writer is
    /// kept for the whole timeline and made again when it starts over.
    package struct Lines {
        private let width: Int
        private let colors: Bool
        private var rows: TimelineRows

        package init(_ timeline: Timeline, colors: Bool = false) {
            width = max(16, timeline.nameWidth) + 2
            self.colors = colors
            rows = TimelineRows(timeline.rowLists)
        }

        /// `entry`'s line, without its newline.
        package mutating func line(_ entry: Timeline.Entry) -> String {
            func safe(_ s: String) -> String { TerminalText.escaped(s) }
            func paint(_ code: String, _ s: String) -> String { colors ? "\u{1B}[\(code)m" + s + "\u{1B}[0m" : s }
            func at(_ time: Int) -> String { paint("2", TimelineFormatter.timeColumn(time)) + "  " }
            func named(_ name: String) -> String { paint("36", TimelineFormatter.pad(safe(name), width)) }
            switch entry {
            case .emission(let time, let name, let value):
                return at(time) + named(name) + (rows.text(value, emittedOn: name) ?? ValueFormatter.text(value))
            case .step(let time, let text):
                return at(time) + paint("33", "▶ " + safe(text))
            case .failure(let time, let message, let file, let line):
                return at(time) + paint("31", "✗ " + safe(message)) + "  (\(safe(file)):\(line))"
            case .runtimeError(let time, let message):
                return at(time) + paint("31", "! runtime error: " + safe(message))
            case .end(let time, let name, let end):
                return at(time) + named(name) + (end == .completed ? paint("32", "✓ " + safe(end.text)) : paint("31", "✗ " + safe(end.text)))
            case .cancel(let time, let name, let call):
                return at(time) + named(name) + paint("35", "⊘ cancelled " + safe(call))
            case .call(let time, let service, let names, let arguments):
                var shown = "↗ ("
                for i in arguments.indices {
                    if i > 0 { shown += ", " }
                    shown += (names.indices.contains(i) ? safe(names[i]) + ": " : "") + (rows.text(arguments[i], emittedOn: service) ?? ValueFormatter.text(arguments[i]))
                }
                return at(time) + named(service) + paint("34", shown + ")")
            }
        }
    }

    private static func timeColumn(_ ms: Int) -> String {
        let s = String(ms)
        return String(repeating: " ", count: max(0, 6 - s.count)) + s + "ms"
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        let n = s.count
        return n >= width ? s + " " : s + String(repeating: " ", count: width - n)
    }

    /// The version of the JSON-lines format; it changes when a key changes meaning or goes away.
    public static let jsonVersion = 1

    /// One JSON object per line, each with a `"type"`: first a `scenario` header (screen,
    /// scenario, format version), then `emission`, `step`, `failure`, `runtime_error`,
    /// `completed`, `error` and `cancelled` lines in timeline order. See `docs/spec-language.md`.
    public static func jsonLines(_ timeline: Timeline) -> String {
        var out = "{\"type\":\"scenario\",\"format\":\"specrun-timeline\",\"version\":\(jsonVersion),\"screen\":"
        ValueFormatter.quote(timeline.screen, into: &out)
        out += ",\"scenario\":"
        ValueFormatter.quote(timeline.scenario, into: &out)
        out += "}\n"
        for entry in timeline.entries {
            let type = switch entry {
            case .emission: "emission"
            case .step: "step"
            case .failure: "failure"
            case .runtimeError: "runtime_error"
            case .end(_, _, .completed): "completed"
            case .end: "error"
            case .cancel: "cancelled"
            case .call: "call"
            }
            out += "{\"type\":\"\(type)\",\"scenario\":"
            ValueFormatter.quote(timeline.scenario, into: &out)
            switch entry {
            case .emission(let time, let name, let value):
                out += ",\"time_ms\":\(time),\"output\":"
                ValueFormatter.quote(name, into: &out)
                out += ",\"value\":"
                ValueFormatter.json(value, into: &out)
            case .step(let time, let text):
                out += ",\"time_ms\":\(time),\"step\":"
                ValueFormatter.quote(text, into: &out)
            case .failure(let time, let message, _, let line):
                out += ",\"time_ms\":\(time),\"failure\":"
                ValueFormatter.quote(message, into: &out)
                out += ",\"line\":\(line)"
            case .runtimeError(let time, let message):
                out += ",\"time_ms\":\(time),\"runtime_error\":"
                ValueFormatter.quote(message, into: &out)
            case .end(let time, let name, let end):
                out += ",\"time_ms\":\(time),\"output\":"
                ValueFormatter.quote(name, into: &out)
                switch end {
                case .completed: out += ",\"completed\":true"
                case .error(let e):
                    out += ",\"error\":"
                    ValueFormatter.json(.error(e), into: &out)
                }
            case .cancel(let time, let name, let call):
                out += ",\"time_ms\":\(time),\"output\":"
                ValueFormatter.quote(name, into: &out)
                out += ",\"cancelled\":"
                ValueFormatter.quote(call, into: &out)
            case .call(let time, let service, let names, let arguments):
                out += ",\"time_ms\":\(time),\"service\":"
                ValueFormatter.quote(service, into: &out)
                out += ",\"arguments\":{"
                for i in arguments.indices {
                    if i > 0 { out += "," }
                    ValueFormatter.quote(names.indices.contains(i) ? names[i] : "\(i)", into: &out)
                    out += ":"
                    ValueFormatter.json(arguments[i], into: &out)
                }
                out += "}"
            }
            out += "}\n"
        }
        return out
    }
}
