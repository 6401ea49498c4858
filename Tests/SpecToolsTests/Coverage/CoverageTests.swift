import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

@Suite("Coverage")
struct CoverageTests {
    /// Measures one spec written to a temporary file; the report names it `path`.
    private func measure(_ yaml: String, name: String = "profile.yaml") throws -> SpecCoverage {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let report = CoverageReport.measure(specPaths: [path])
        #expect(report.invalid.isEmpty, "\(report.invalid.map { $0.renderDiagnostics() })")
        var spec = try #require(report.specs.first)
        spec.specPath = name
        spec.items = spec.items.map { var i = $0; i.range.file = name; return i }
        return spec
    }

    private func missed(_ spec: SpecCoverage) -> String {
        spec.missed.map { "\($0.range.file):\($0.range.start): \($0.what)" }.joined(separator: "\n")
    }

    /// A spec whose only scenario never plays its error path gets that path listed, at the line
    /// and column of the failure, the action and the stream that would have carried it.
    @Test func anUnplayedErrorPathIsListedWhereItIsWritten() throws {
        let spec = try measure("""
            screen: Profile
            inputs:
              refresh: event
              query: { type: String, default: "" }
            state:
              name: { type: String, initial: "" }
            actions:
              load:
                trigger: refresh
                work: { call: api.profile }
            handlers:
              - on: load.elements
                set: { name: load.elements }
            outputs:
              greeting: 'name.isEmpty ? "Hello" : "Hello, \\(name)"'
              matches:
                stream: query
                ops:
                  - flatMapLatest: { call: api.search, with: { text: $0 } }
            services:
              api.profile:
                returns: String
                latency: 100ms
                results:
                  - value: Ada
                  - fail: http(500)
              api.search: { returns: Int, latency: 10ms, result: 1, params: { text: String } }
            scenarios:
              - name: loads the name
                steps:
                  - send: refresh
                  - wait: 100ms
                  - set: { query: "a" }
                  - wait: 10ms
                  - expect: { greeting: "Hello, Ada", matches: 1 }
            """)
        #expect(missed(spec) == """
            profile.yaml:8:3: 'load.errors' emits a failure of the work
            profile.yaml:8:3: 'load.errors' emits 'notEnabled' (triggered while disabled)
            profile.yaml:16:3: 'matches.errors' emits (a request fails)
            profile.yaml:26:9: 'api.profile' fails with http(500)
            """)
        #expect(spec.covered == spec.total - 4)
        let failed = try #require(spec.items.first { $0.what == "'api.profile' answers" || $0.what == "'api.profile' gives result 1 of 2" })
        #expect(failed.coveredBy == ["loads the name"])
    }

    /// Issue 26: the probes of a request's own `ops:` are built when a call starts, after the
    /// graph; they report to the recorder the graph was given, so both sides of this ternary count.
    @Test func aRequestsOwnOperatorsReportTheirBranches() throws {
        let spec = try measure("""
            screen: Search
            inputs:
              query: { type: String, default: "" }
            outputs:
              size:
                stream: query
                ops:
                  - flatMapLatest:
                      call: api.search
                      with: { text: $0 }
                      ops:
                        - map: '$0 > 1 ? "many" : "few"'
            services:
              api.search:
                returns: Int
                params: { text: String }
                latency: 10ms
                results:
                  - value: 2  # the call for the initial "", replaced at once by the one for "a"
                  - value: 2
                  - value: 1
            scenarios:
              - name: two searches
                steps:
                  - set: { query: "a" }
                  - wait: 10ms
                  - set: { query: "b" }
                  - wait: 10ms
                  - expect: { size: "few" }
            """, name: "search.yaml")
        #expect(!missed(spec).contains(":12:"), "\(missed(spec))")
        #expect(spec.items.filter { $0.range.start.line == 12 }.count == 2, "\(spec.items.map { "\($0.range.start) \($0.what)" })")
    }

    @Test func branchesSidesFallbacksAndTableRowsAreItems() throws {
        let spec = try measure("""
            screen: Form
            inputs:
              name: { type: String?, default: ~ }
              age: { type: Int, default: 0 }
            outputs:
              adult: age >= 18 && name != nil
              either: age > 99 || age < 0
              shown: name ?? "nobody"
            view:
              picker: { segmentedControl: { segments: [A, B, C] } }
              label: label
            bindings:
              - bind: picker.selectedIndex
                to: label.text
                table:
                  0: "A"
                  1: "B"
                  default: "?"
            scenarios:
              - name: a name and an age
                steps:
                  - set: { name: "Ada", age: 20 }
                  - pick: { picker: 1 }
            """, name: "form.yaml")
        #expect(missed(spec) == """
            form.yaml:7:3: 'either' is true
            form.yaml:7:20: the left side of '||' decides (is true)
            form.yaml:16:7: table row '0' is looked up
            """)
    }

    /// Work that is a stream lists only what it can do: `empty` no element, a timer through
    /// `take` and `map` no failure; a call through `retry` both.
    @Test func workThatIsAStreamListsWhatItCanDo() throws {
        let spec = try measure("""
            screen: Work
            inputs:
              go: event
            actions:
              nothing: { work: empty }
              count: { trigger: go, work: { interval: 1s, ops: [ { take: 2 }, { map: "2 - $0" } ] } }
              send: { trigger: go, work: { call: api.send, ops: [ { retry: 2 } ] } }
            services:
              api.send: { returns: Int, result: 1 }
            scenarios:
              - name: nothing runs
                steps:
                  - wait: 0ms
            """, name: "work.yaml")
        #expect(missed(spec) == """
            work.yaml:5:3: 'nothing.errors' emits 'notEnabled' (triggered while disabled)
            work.yaml:6:3: 'count.elements' emits (the work succeeds)
            work.yaml:6:3: 'count.errors' emits 'notEnabled' (triggered while disabled)
            work.yaml:7:3: 'send.elements' emits (the work succeeds)
            work.yaml:7:3: 'send.errors' emits a failure of the work
            work.yaml:7:3: 'send.errors' emits 'notEnabled' (triggered while disabled)
            work.yaml:9:37: 'api.send' answers
            """)
    }

    @Test func probesLeaveEveryShippedTimelineUnchanged() throws {
        let root = PackagePaths.root
        for path in SpecFinder.specs(in: [root + "/specs"]) {
            let spec = try #require(SpecLoader.load(path: path).spec)
            let map = CoverageMap(spec)
            for s in spec.scenarios.indices {
                let plain = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: s))
                let probed = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: s, coverage: CoverageRecorder(map: map)))
                #expect(plain == probed, "\(path) › \(spec.scenarios[s].name)")
            }
        }
    }

    @Test func lcovAndJSONNameEveryItem() throws {
        let spec = try measure("""
            screen: Tiny
            inputs:
              on: { type: Bool, default: false }
            outputs:
              label: 'on ? "on" : "off"'
            scenarios:
              - name: stays off
                steps:
                  - expect: { label: "off" }
            """, name: "tiny.yaml")
        let report = CoverageReport(specs: [spec], invalid: [])
        #expect(try CoverageLcov.render(report) == """
            TN:
            SF:tiny.yaml
            BRDA:5,0,0,-
            BRDA:5,0,1,-
            BRDA:5,0,2,1
            BRF:3
            BRH:1
            DA:5,1
            LF:1
            LH:1
            end_of_record

            """)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(CoverageJSON.render(report).utf8)) as? [String: Any])
        #expect(json["covered"] as? Int == 1 && json["total"] as? Int == 3)
        #expect(CoverageText.render(report).contains("tiny.yaml:5:3: never 'label' changes after the screen starts"))
    }
}

extension CoverageTests {
    @Test func anUnreachableMarkExplainsItsItemsAndAStaleOneIsAnError() throws {
        let spec = try measure("""
            screen: Fix
            inputs:
              fix: { type: Int?, default: ~ }
            outputs:
              label: 'fix == nil ? "waiting" : "\\(fix ?? 0)"'
            unreachable:
              - { in: label, item: "the fallback of '??' is used", reason: "read only when 'fix' is set" }
            scenarios:
              - name: a fix
                steps:
                  - set: { fix: 3 }
            """, name: "fix.yaml")
        #expect(missed(spec) == "")
        #expect(spec.unreachable.map { "\($0.range.start) \($0.unreachableBecause ?? "")" } == ["5:39 read only when 'fix' is set"])
        #expect(spec.covered == spec.total && spec.total == spec.items.count - 1)
        #expect(CoverageText.render(CoverageReport(specs: [spec], invalid: [])).contains(
            "fix.yaml:5:39: unreachable: the fallback of '??' is used (read only when 'fix' is set)\n"))

        var items = spec.items
        let problems = CoverageReport.apply([CoverageMark(declaration: "label", item: "the fallback of ?? is used", reason: "r",
                                                          itemRange: SpecRange(file: "fix.yaml", at: SpecLocation(line: 7, column: 29)))],
                                            to: &items)
        #expect(problems.map { $0.description } == ["fix.yaml:7:29: error: 'label' has no coverage item 'the fallback of ?? is used'"])
    }

    /// A mark names every item of its text, and a second first user's mark for one `??` of two
    /// also hid the other, which a scenario used, unsaid: a reached item counts as covered, and
    /// the report warns.
    @Test func aMarkedItemAScenarioReachedCountsAsCoveredAndIsWarnedAbout() throws {
        let spec = try measure("""
            screen: Fix
            inputs:
              fix: { type: Int?, default: ~ }
              other: { type: Int?, default: ~ }
            outputs:
              label: 'fix == nil ? "waiting" : "\\(fix ?? 0)"'
              shown: other ?? 7
            unreachable:
              - { in: label, item: "the fallback of '??' is used", reason: "read only when 'fix' is set" }
              - { in: shown, item: "the fallback of '??' is used", reason: "wrong: 'other' starts nil" }
            scenarios:
              - name: a fix
                steps:
                  - set: { fix: 3 }
            """, name: "fix.yaml")
        #expect(spec.unreachable.map(\.declaration) == ["label"])
        let reached = spec.items.filter { $0.reachedThoughMarked != nil }
        #expect(reached.map(\.declaration) == ["shown"] && reached.allSatisfy(\.covered))
        #expect(spec.total == spec.items.count - 1 && spec.covered == spec.total - 1)  // 'shown' never changes: the one missed
        #expect(CoverageText.render(CoverageReport(specs: [spec], invalid: [])).contains(
            "fix.yaml:7:10: warning: marked unreachable (wrong: 'other' starts nil), but scenario 'a fix' reaches it: the fallback of '??' is used\n"))
    }
}
