import ScreenSpec
import SpecRuntime
import Testing

/// Mistaken and hostile specs: each problem is reported once, where it is, and nothing else is
/// reported because of it.
@Suite struct HostileInputTests {
    private func errors(_ yaml: String) -> [String] {
        let loaded = SpecLoader.load(text: yaml, path: "/nonexistent-folder/t.yaml")
        return loaded.diagnostics.filter { $0.severity == .error }.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
    }

    /// A scenario overriding a service whose declaration failed used to add "unknown service".
    @Test func overridingABrokenServiceDoesNotCascade() {
        #expect(errors("""
            screen: S
            services:
              api.get: { returns: Int }
            scenarios:
              - name: a
                services:
                  api.get: { result: 1 }
                  api.nope: { result: 1 }
                steps: []
            """) == [
                "3:3: service 'api.get' returns 'Int' but declares no 'result:'",
                "8:7: unknown service 'api.nope'",
            ])
    }

    /// An invalid `segments:` used to be reported again as missing.
    @Test func anInvalidSegmentCountIsReportedOnce() {
        #expect(errors("""
            screen: S
            inputs:
              idx: { type: Int, default: 0 }
            view:
              g: { segmentedControl: { segments: -3, selectedIndex: idx } }
              h: { segmentedControl: { selectedIndex: idx } }
            """) == [
                "5:38: 'segments:' takes a count from 0 to 1000 or a list of titles, found '-3'",
                "6:3: segmented control 'h' needs 'segments:', a count or a list of titles",
            ])
    }

    /// libyaml's "mapping values are not allowed" for a plain key past YAML's 1024-character limit
    /// said nothing about the cause.
    @Test func aKeyPastYAMLsLengthLimitIsExplained() {
        let name = String(repeating: "a", count: 2000)
        #expect(errors("""
            screen: S
            inputs:
              \(name): { type: Int, default: 0 }
            """) == [
                "3:2003: invalid YAML: a key longer than 1024 characters must be written as '? key' (YAML's limit for a plain key)",
            ])
        // A long name within the limit is fine.
        let ok = String(repeating: "b", count: 1000)
        #expect(errors("""
            screen: S
            inputs:
              \(ok): { type: Int, default: 0 }
            outputs:
              c: \(ok) + 1
            """) == [])
    }

    /// 20,000 chained operators loaded fine and then overflowed the stack on the first element.
    @Test func aStreamOfThousandsOfOperatorsIsRefused() {
        let ops = Array(repeating: "{ map: $0 + 1 }", count: 1001).joined(separator: ", ")
        let result = errors("""
            screen: O
            inputs:
              c: Int
            outputs:
              o: { stream: c, ops: [\(ops)] }
            """)
        #expect(result == ["5:\(25 + 17 * 1000): output 'o' has 1001 operators; a stream takes at most 1000"])
        let allowed = Array(repeating: "{ map: $0 + 1 }", count: 1000).joined(separator: ", ")
        #expect(errors("""
            screen: O
            inputs:
              c: Int
            outputs:
              o: { stream: c, ops: [\(allowed)] }
            """) == [])
    }
}
