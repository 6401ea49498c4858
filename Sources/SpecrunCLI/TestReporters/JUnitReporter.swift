import SpecRuntime
import SpecTools

/// JUnit XML as CI systems read it: a `testsuite` per spec file, a `testcase` per scenario
/// (classname = the spec path), `failure` with the expect failures and the diff, `skipped` for
/// scenarios left out by `--filter`, and an `error` case for an invalid spec.
enum JUnitReporter {
    static func render(_ report: TestReport) -> String {
        let errors = report.invalid
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let total = report.outcomes.flatMap(\.scenarios).reduce(Duration.zero) { $0 + $1.duration }
        out += "<testsuites name=\"specrun\" tests=\"\(report.passed + report.failed + report.skipped)\" failures=\"\(report.failed - errors)\" errors=\"\(errors)\" skipped=\"\(report.skipped)\" time=\"\(seconds(total))\">\n"
        for outcome in report.outcomes {
            let path = attribute(outcome.specPath)
            guard let spec = outcome.loaded.spec else {
                out += "  <testsuite name=\"\(path)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0.000\">\n"
                out += "    <testcase classname=\"\(path)\" name=\"load\" file=\"\(path)\" time=\"0.000\">\n"
                out += "      <error message=\"invalid spec\" type=\"invalid\">\(text(outcome.loaded.renderDiagnostics()))</error>\n"
                out += "    </testcase>\n  </testsuite>\n"
                continue
            }
            let failures = outcome.scenarios.filter(\.status.isFailure).count
            let ranNames = Set(outcome.scenarios.map(\.scenario))
            // Under --shard, the scenarios of other shards are not this report's: neither run nor skipped.
            let listed = spec.scenarios.filter { ranNames.contains($0.name) || !SnapshotSuite.matches($0.name, report.filter) }
            let time = outcome.scenarios.reduce(Duration.zero) { $0 + $1.duration }
            out += "  <testsuite name=\"\(path)\" tests=\"\(listed.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(outcome.skipped)\" time=\"\(seconds(time))\">\n"
            var ran = outcome.scenarios.makeIterator()
            var next = ran.next()
            for scenario in listed {
                let name = attribute(scenario.name)
                out += "    <testcase classname=\"\(path)\" name=\"\(name)\" file=\"\(path)\" line=\"\(scenario.range.start.line)\""
                guard let result = next, result.scenario == scenario.name else {
                    out += " time=\"0.000\">\n      <skipped message=\"not matched by --filter\"/>\n    </testcase>\n"
                    continue
                }
                next = ran.next()
                out += " time=\"\(seconds(result.duration))\""
                if let description = result.failureDescription {
                    let message = failureMessage(result)
                    out += ">\n      <failure message=\"\(attribute(message))\" type=\"\(result.expectFailures.isEmpty ? "snapshot" : "expect")\">\(text(description))</failure>\n    </testcase>\n"
                } else {
                    out += "/>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// Seconds with millisecond precision, as JUnit's `time` attributes hold them.
    static func seconds(_ d: Duration) -> String {
        let ms = Int((Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15).rounded())
        let s = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - s.count) + s
    }

    private static func failureMessage(_ result: ScenarioOutcome) -> String {
        if let first = result.expectFailures.first { return first }
        if let error = result.writeError { return "cannot write the snapshot: \(error)" }
        if result.comparison == .missing { return "snapshot missing: \(result.snapshotPath)" }
        return "snapshot differs; \(result.changeSummary ?? "")"
    }

    /// Escapes for an attribute value; line breaks are kept as character references.
    static func attribute(_ s: String) -> String {
        escape(s, attribute: true)
    }

    static func text(_ s: String) -> String {
        escape(s, attribute: false)
    }

    /// XML 1.0 cannot hold most control characters even escaped, so they become U+FFFD; ANSI
    /// colour never reaches here because reports are rendered without colour.
    private static func escape(_ s: String, attribute: Bool) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
