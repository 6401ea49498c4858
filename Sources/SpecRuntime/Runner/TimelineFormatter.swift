import ScreenSpec

/// Renders timelines as readable text (the snapshot format) or as JSON lines.
public enum TimelineFormatter {
    /// ```
    /// Login › signs in once the form is valid
    ///      0ms  canLogin          false
    ///      0ms  ▶ set email = "someone@example.com"
    /// ```
    public static func text(_ timeline: Timeline) -> String {
        var out = "\(timeline.screen) › \(timeline.scenario)\n"
        let width = max(16, timeline.nameWidth) + 2
        for entry in timeline.entries {
            switch entry {
            case .emission(let time, let name, let value):
                out += timeColumn(time) + "  " + pad(name, width) + ValueFormatter.text(value) + "\n"
            case .step(let time, let text):
                out += timeColumn(time) + "  ▶ " + text + "\n"
            case .failure(let time, let message, let file, let line):
                out += timeColumn(time) + "  ✗ " + message + "  (\(file):\(line))\n"
            case .runtimeError(let time, let message):
                out += timeColumn(time) + "  ! runtime error: " + message + "\n"
            }
        }
        return out
    }

    private static func timeColumn(_ ms: Int) -> String {
        let s = String(ms)
        return String(repeating: " ", count: max(0, 6 - s.count)) + s + "ms"
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        let n = s.count
        return n >= width ? s + " " : s + String(repeating: " ", count: width - n)
    }

    /// One JSON object per line: emissions, steps, failures and runtime errors.
    public static func jsonLines(_ timeline: Timeline) -> String {
        var out = ""
        for entry in timeline.entries {
            out += "{\"scenario\":"
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
            }
            out += "}\n"
        }
        return out
    }
}
