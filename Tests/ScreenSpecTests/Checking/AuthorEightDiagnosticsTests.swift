import Foundation
@testable import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// An eighth first user, an RxSwift/Action lead (notes/author8): a stream output's `initial:`
/// read from the parameters as a `BehaviorRelay(value:)` is, and RxSwift's own spellings (a
/// request as the closure's body, `Observable.combineLatest(a, b)`, `firstIndex(of:)`) answered
/// with the spec's form.
@Suite("An eighth first user's workaround and unclear diagnostics")
struct AuthorEightDiagnosticsTests {
    private func diagnostics(_ yaml: String) -> [Diagnostic] {
        SpecLoader.load(text: yaml, path: "t.yaml").diagnostics
    }

    private func only(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.count == 1, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.diagnostics.first, sourceLocation: sourceLocation)
    }

    private func loads(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.spec, sourceLocation: sourceLocation)
    }

    private func plays(_ spec: CheckedSpec, sourceLocation: SourceLocation = #_sourceLocation) {
        let timelines = ScenarioRunner.runAll(spec)
        #expect(!timelines.isEmpty, sourceLocation: sourceLocation)
        for timeline in timelines {
            #expect(timeline.passed, "\(TimelineFormatter.text(timeline))", sourceLocation: sourceLocation)
        }
    }

    // W1, scratch/w1-stream-initial-expr.yaml: `BehaviorRelay(value: Check(name: profile.username, …))`.
    static let streamInitialFromParameter = """
        screen: W1
        types:
          Check: { name: String, ok: Bool }
        params:
          saved: String
        inputs:
          name: String
        outputs:
          checks: { stream: name, ops: [ { map: 'Check(name: $0, ok: true)' } ] }
          last:
            stream: checks
            initial: 'Check(name: saved, ok: false)'
          lastName: last.name
        scenarios:
          - name: the output starts from the parameter, then follows its stream
            params: { saved: ada }
            steps:
              - expect: { last: { name: ada, ok: false }, lastName: ada }
              - send: { name: bob }
              - expect: { last: { name: bob, ok: true }, lastName: bob }
          - name: another parameter, another start
            params: { saved: cy }
            steps:
              - expect: { lastName: cy }
        """

    @Test("W1: a stream output's initial value read from a parameter: accepted, played, and compiled")
    func streamInitialFromParameter() throws {
        let spec = try loads(Self.streamInitialFromParameter)
        plays(spec)
        let json = try CompiledSpec.json(spec)
        plays(try CompiledSpec.load(json: Data(json.utf8)))
    }

    @Test("W1: a stream output's initial value that reads an input: the reason, and what a stream output's first value may read")
    func streamInitialFromAnInput() throws {
        let d = try only("""
            screen: A
            params:
              saved: Int
            inputs:
              n: Int
            outputs:
              last: { stream: n, initial: 'saved + n' }
            """)
        #expect(d.description == "t.yaml:7:40: error: 'initial:' is computed once, when the screen starts, from its parameters and literals; 'n' is an input, which has no value yet then")
        #expect(d.notes.map(\.message) == ["a stream output's first value may read the screen's 'params:'; to follow another value, start its stream with '- startWith: …', or make it a derived output"])
        // A value of the type stays a value; a misspelt parameter is a slip with the nearest name.
        plays(try loads("""
            screen: A
            inputs:
              n: Int
            outputs:
              last: { stream: n, initial: 3 }
            scenarios:
              - name: s
                steps:
                  - expect: { last: 3 }
            """))
        let slip = try only("""
            screen: A
            types:
              Check: { name: String }
            params:
              saved: String
            inputs:
              n: String
            outputs:
              last: { stream: n, ops: [ { map: 'Check(name: $0)' } ], initial: 'Check(name: svaed)' }
            """)
        #expect(slip.message.hasPrefix("unknown name 'svaed'"), "\(slip.description)")
    }

    @Test("W1: a record built from literals as Swift builds it is a first value, of a state or a stream output")
    func recordBuiltFromLiterals() throws {
        plays(try loads("""
            screen: A
            types:
              Check: { name: String, ok: Bool }
            inputs:
              n: String
            state:
              first: { type: Check, initial: 'Check(name: "", ok: true)' }
            outputs:
              last: { stream: n, ops: [ { map: 'Check(name: $0, ok: false)' } ], initial: 'Check(name: "-", ok: true)' }
            scenarios:
              - name: s
                steps:
                  - expect: { first: { name: "", ok: true }, last: { name: "-", ok: true } }
                  - send: { n: a }
                  - expect: { last: { name: a, ok: false } }
            """))
    }

    @Test("W1: a compiled program whose stream output's first value reads a non-parameter is refused")
    func compiledStreamInitialReadsParametersOnly() throws {
        let spec = try loads(Self.streamInitialFromParameter)
        #expect(spec.stateInitials.count == 1)
        let json = try CompiledSpec.json(spec)
        let param = try #require(spec.params.first)
        let input = try #require(spec.nodes.firstIndex { $0.name == "name" })
        let read = #"{"node":{"_0":\#(param)}}"#
        #expect(json.contains(read))
        let wrong = json.replacingOccurrences(of: read, with: #"{"node":{"_0":\#(input)}}"#)
        do {
            _ = try CompiledSpec.load(json: Data(wrong.utf8))
            Issue.record("a first value reading an input loaded")
        } catch {
            #expect("\(error)".contains("stateInitials[0] reads node \(input), which is not a parameter"), "\(error)")
        }
    }

    // D1, scratch/d-probe3.yaml and d-probe5.yaml.
    @Test("D1: a request written as RxSwift's closure body: the request form, with the service's own parameters")
    func requestWrittenAsAClosureBody() throws {
        let spec = """
            screen: Probe
            inputs:
              query: { type: String, default: "" }
            outputs:
              results:
                stream: query
                ops:
                  - flatMapLatest: 'api.search($0)'
            services:
              api.search: { params: { text: String }, returns: Int, latency: 100ms, result: 1 }
            """
        let d = try only(spec)
        #expect(d.description == "t.yaml:8:24: error: 'flatMapLatest' must be a mapping of keys to values, found a scalar")
        #expect(d.fixIt == "write the request as 'flatMapLatest: { call: api.search, with: { text: $0 } }'")
        // The help is the fix.
        _ = try loads(spec.replacingOccurrences(of: "'api.search($0)'", with: "{ call: api.search, with: { text: $0 } }"))

        let ticks = """
            screen: Probe
            inputs:
              isPlaying: { type: Bool, default: false }
            outputs:
              ticks:
                stream: isPlaying
                ops:
                  - flatMapLatest: '$0 ? Observable<Int>.interval(.seconds(1), scheduler: s) : .empty()'
            """
        let t = try only(ticks)
        #expect(t.fixIt == "choose the inner stream per element with 'if:', 'then:' and 'else:': "
            + "'flatMapLatest: { if: $0, then: { interval: 1s }, else: { empty } }'")
        _ = try loads(ticks.replacingOccurrences(of: "'$0 ? Observable<Int>.interval(.seconds(1), scheduler: s) : .empty()'",
                                                 with: "{ if: $0, then: { interval: 1s }, else: { empty } }"))
        // Any other scalar: the request's shape.
        let other = try only(ticks.replacingOccurrences(of: "'$0 ? Observable<Int>.interval(.seconds(1), scheduler: s) : .empty()'", with: "'$0 + 1'"))
        #expect(other.fixIt == "a request is a mapping, as in 'flatMapLatest: { call: service, with: { param: $0 } }', or the word 'empty' or 'never'")
    }

    // D2, scratch/d-probe4.yaml.
    @Test("D2: a source written as RxSwift's static call: the operator's spec form, without the note about commas")
    func sourceWrittenAsAStaticCall() throws {
        let spec = """
            screen: Probe
            inputs:
              a: { type: Int, default: 0 }
              b: { type: Int, default: 0 }
            outputs:
              sum:
                stream: Observable.combineLatest(a, b)
                ops:
                  - map: '$0 + $1'
            """
        let d = try only(spec)
        #expect(d.description == "t.yaml:7:13: error: 'Observable.combineLatest(a, b)' is not a valid stream source: 'stream:' names one input, output or action stream")
        #expect(d.notes.isEmpty)
        #expect(d.fixIt == "'combineLatest' is an operator: write 'stream: a' with 'ops: [ { combineLatest: { with: b, combine: \"...\" } } ]', "
            + "'$0' the element of 'a' and '$1' of 'b'")
        // With RxSwift's result selector, the help is the whole fix.
        let selector = try only(spec.replacingOccurrences(of: "Observable.combineLatest(a, b)", with: "Observable.combineLatest(a, b) { $0 * $1 }"))
        #expect(selector.fixIt == "'combineLatest' is an operator: write 'stream: a' with 'ops: [ { combineLatest: { with: b, combine: \"$0 * $1\" } } ]'")
        _ = try loads("""
            screen: Probe
            inputs:
              a: { type: Int, default: 0 }
              b: { type: Int, default: 0 }
            outputs:
              sum: { stream: a, ops: [ { combineLatest: { with: b, combine: "$0 * $1" } } ] }
            """)
        #expect(try only(spec.replacingOccurrences(of: "Observable.combineLatest(a, b)", with: "Observable.merge(a, b)")).fixIt
            == "'merge' is an operator: write 'stream: a' with 'ops: [ { merge: b } ]'")
        #expect(try only(spec.replacingOccurrences(of: "Observable.combineLatest(a, b)", with: "Observable.zip(a, b, c)")).fixIt
            == "'zip' is an operator: write 'stream: a' with 'ops: [ { zip: { with: [b, c], combine: \"...\" } } ]', '$0' the element of 'a' and '$1' of 'b', '$2' of 'c'")
        #expect(try only(spec.replacingOccurrences(of: "Observable.combineLatest(a, b)", with: "a.withLatestFrom(b)")).fixIt
            == "'withLatestFrom' is an operator: write 'stream: a' with 'ops: [ { withLatestFrom: b } ]'")
        // The note about commas stays where YAML did cut a value at one.
        let cut = diagnostics("""
            screen: S
            inputs:
              a: { type: Int, default: 0 }
            state:
              n: { type: Int, initial: 0 }
            handlers:
              - on: a
                set: { n: max(a, 0) }
            """)
        #expect(cut.contains { $0.notes.contains { $0.message.hasPrefix("inside '{ ... }' a ',' ends the value") } }, "\(cut)")
    }

    // D3, scratch/d-firstindex.yaml.
    @Test("D3: a labeled call of a method the language lacks names the method, with the form it has")
    func labeledCallOfAMissingMethod() throws {
        let d = try only("""
            screen: D
            state:
              order: { type: "[Int]", initial: [1, 2, 3] }
            outputs:
              index: 'order.firstIndex(of: 2)'
            """)
        #expect(d.description.hasPrefix("t.yaml:5:17: error: '[Int]' has no function 'firstIndex(of:)'"), "\(d.description)")
        #expect(d.notes.last?.message == "write 'order.enumerated().first { $0.element == 2 }?.offset'")
        _ = try loads("""
            screen: D
            state:
              order: { type: "[Int]", initial: [1, 2, 3] }
            outputs:
              index: 'order.enumerated().first { $0.element == 2 }?.offset'
            """)
        let first = try only("""
            screen: D
            state:
              order: { type: "[Int]", initial: [1, 2, 3] }
            outputs:
              big: 'order.first(where: { $0 > 1 })'
            """)
        #expect(first.message.hasPrefix("'[Int]' has no function 'first(where:)'"), "\(first.description)")
        #expect(first.notes.last?.message == "write 'order.first { CONDITION }'")
        let text = try only("""
            screen: D
            state:
              name: { type: String, initial: a }
            outputs:
              parts: 'name.components(separatedBy: " ")'
            """)
        #expect(text.message.hasPrefix("'String' has no function 'components(separatedBy:)'"), "\(text.description)")
        // A record built by its type's name is still a construction.
        let record = try only("""
            screen: D
            types:
              Goal: { id: Int }
            outputs:
              g: 'Goal(id: 1, title: "a")'
            """)
        #expect(record.message.hasPrefix("'Goal' has no field 'title'"), "\(record.description)")
    }

    // D4, scratch/d-members-note.yaml.
    @Test("D4: the members a list has include the labeled list moves the checker types")
    func membersNoteListsTheListMoves() throws {
        let d = try only("""
            screen: D
            state:
              order: { type: "[Int]", initial: [1, 2, 3] }
            outputs:
              c: 'order.shuffled()'
            """)
        let note = try #require(d.notes.first { $0.message.hasPrefix("'[Int]' has ") })
        for member in ["'removing()'", "'inserting()'", "'swappingAt()'", "'enumerated()'", "'map()'", "'count'"] {
            #expect(note.message.contains(member), "\(note.message)")
        }
        // Every method the note names is one the checker takes on a list.
        for name in BuiltinCatalog.methodNames(on: .list(.int)) {
            #expect(!diagnostics("screen: D\nstate:\n  xs: { type: \"[Int]\", initial: [1] }\noutputs:\n  c: 'xs.\(name)()'\n")
                .contains { $0.message.contains("has no function '\(name)") }, "\(name)")
        }
    }
}
