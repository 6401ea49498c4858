import Foundation
@testable import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A sixth first user (notes/author6) wrote what Swift writes and got an error or, worse, a
/// silent text: `[String]()` for a typed empty list (W6/D6), `.red` for a colour (W7/D3), an
/// input's `default: profile.name` from a parameter (T2), and a choice inside a choice (W3).
@Suite("Swift spellings of a sixth first user")
struct SwiftSpellingTests {
    private func diagnostics(_ yaml: String) -> [Diagnostic] { SpecLoader.load(text: yaml, path: "t.yaml").diagnostics }

    private func loads(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.spec, sourceLocation: sourceLocation)
    }

    private func plays(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let timelines = ScenarioRunner.runAll(try loads(yaml, sourceLocation: sourceLocation))
        #expect(!timelines.isEmpty, sourceLocation: sourceLocation)
        for timeline in timelines {
            #expect(timeline.passed, "\(TimelineFormatter.text(timeline))", sourceLocation: sourceLocation)
        }
    }

    // W6, scratch/d4_just_empty_list_beside_call_with_ops.yaml.
    static func search(_ just: String) -> String {
        """
        screen: Search
        inputs:
          query: String
        outputs:
          results:
            stream: query
            ops:
              - flatMapLatest:
                  if: $0.isEmpty
                  then: { just: '\(just)' }
                  else: { call: api.search, with: { q: $0 }, ops: [ { take: 1 } ] }
        services:
          api.search: { returns: '[String]', params: { q: String }, latency: 300ms, result: [RxSwift] }
        scenarios:
          - name: s
            steps:
              - send: { query: "" }
              - expect: { results: [] }
              - send: { query: rx }
              - wait: 300ms
              - expect: { results: [RxSwift] }
        """
    }

    @Test("'[String]()' is an empty list of String; '[]' with no type around it says how to write one")
    func typedEmptyList() throws {
        try plays(Self.search("[String]()"))
        // Beside a call whose own `ops:` give its type, `[]` is read as that type.
        try plays(Self.search("[]"))
        let untyped = diagnostics("""
            screen: E
            inputs:
              q: String
            outputs:
              r: { stream: q, ops: [ { flatMapLatest: { if: $0.isEmpty, then: { just: '[]' }, else: empty } } ] }
            """)
        #expect(untyped.count == 1)
        #expect(untyped.first?.message == "an empty list '[]' needs a list type from its context")
        #expect(untyped.first?.fixIt?.contains("'[String]()'") == true)
        // A list of lists, and a type of 'types:'; a type that is none is the unknown-type error.
        try plays("""
            screen: Lists
            types:
              Repo: { name: String }
            outputs:
              none: '[Repo]().count + [[Int]]().count'
            scenarios:
              - name: s
                steps:
                  - expect: { none: 0 }
            """)
        let unknown = diagnostics("screen: L\noutputs:\n  x: '[Strng]().count'\n")
        #expect(unknown.map(\.message) == ["unknown type 'Strng'; did you mean 'String'?"])
        let withItems = diagnostics("screen: L\noutputs:\n  x: '[String](1).count'\n")
        #expect(withItems.map(\.message) == ["'[String]()' is an empty list and takes no arguments, found 1"])
        // What is no type still cannot be called.
        #expect(diagnostics("screen: L\ninputs:\n  a: { type: Int, default: 1 }\noutputs:\n  x: '[a]().count'\n").map(\.message)
            == ["this expression cannot be called"])
    }

    // W7/D3, scratch/d3_dot_red_color.yaml.
    static func counter(_ color: String) -> String {
        """
        screen: Counter
        inputs:
          n: { type: Int, default: 0 }
        view:
          counterLabel: { label: { text: '"\\(n)"', textColor: '\(color)' } }
        scenarios:
          - name: s
            steps:
              - expect: { counterLabel.textColor: gray }
              - set: { n: -1 }
              - expect: { counterLabel.textColor: red }
        """
    }

    @Test("'.red' where a Color is expected is the named colour; one specrun does not name is listed; no context says 'write red'")
    func dotColor() throws {
        try plays(Self.counter("n < 0 ? .red : .gray"))
        try plays(Self.counter("n < 0 ? red : .grey"))
        let unknown = diagnostics(Self.counter("n < 0 ? .red : .secondaryLabel"))
        #expect(unknown.map(\.message) == ["'.secondaryLabel' is not a colour specrun knows"])
        #expect(unknown.first?.notes.first?.message.hasPrefix("its named colours are '.black', '.white', '.gray'") == true)
        let noContext = diagnostics("screen: C\ninputs:\n  n: { type: Int, default: 0 }\noutputs:\n  tint: 'n < 0 ? .red : .gray'\n")
        #expect(noContext.map(\.message) == ["'.red' needs a 'Color' or an enum type from its context, as in 'textColor: .red'"])
        #expect(noContext.first?.fixIt == "where nothing says it is a colour, write 'red'")
        // An enum of the spec with a case 'red' is still that enum's case.
        try plays("""
            screen: Light
            types:
              Signal: [red, green]
            inputs:
              s: { type: Signal, default: green }
            outputs:
              stop: s == .red
            scenarios:
              - name: s
                steps:
                  - expect: { stop: false }
            """)
    }

    // T2, scratch/w4_input_default_from_param.yaml.
    static func edit(_ defaultValue: String) -> String {
        """
        screen: Edit
        types:
          Profile: { name: String }
        params:
          profile: Profile
        inputs:
          name: { type: String, default: \(defaultValue) }
        scenarios:
          - name: s
            params: { profile: { name: Ada } }
            steps:
              - expect: { name: Ada }
              - set: { name: Grace }
              - expect: { name: Grace }
        """
    }

    @Test("an input's 'default:' reads a parameter as a state's 'initial:' does, with a did-you-mean for a near miss")
    func inputDefaultFromParameter() throws {
        try plays(Self.edit("profile.name"))
        let spec = try loads(Self.edit("profile.name"))
        #expect(spec.stateInitials.count == 1)
        let typo = diagnostics(Self.edit("profle.name"))
        #expect(typo.map(\.description) == ["t.yaml:7:34: error: unknown name 'profle'; did you mean 'profile'?"])
        #expect(typo.first?.fixIt == #"to write the text itself, quote it: 'default: "profle.name"' (a quoted 'default:' is the text)"#)
        // Quoted, it is the text; a word naming no parameter stays the text.
        let quoted = diagnostics(Self.edit(#""profile.name""#))
        #expect(quoted.isEmpty)
        let text = ScenarioRunner.runAll(try loads(Self.edit(#""profile.name""#)))
        #expect(text.first?.passed == false)
        #expect(diagnostics(Self.edit("plain")).isEmpty)
        // Another input has no value yet when the screen starts.
        let other = diagnostics("""
            screen: Edit
            params:
              first: String
            inputs:
              a: { type: String, default: "" }
              b: { type: String, default: a.uppercased() }
            """)
        #expect(other.map(\.message) == ["'default:' is computed once, when the screen starts, from its parameters and literals; 'a' is an input, which has no value yet then"])
    }

    // W3: RxSwift's `u == saved ? .just(.unchanged) : u.isEmpty ? .just(.invalid) : api.check(u)…`,
    // written as the user wrote it, checks and plays.
    @Test("a choice inside a choice's branch checks and plays")
    func nestedChoice() throws {
        try plays("""
            screen: Check
            types:
              Availability: [unchanged, invalid, available, taken]
            params:
              saved: String
            inputs:
              username: String
            outputs:
              availability:
                stream: username
                ops:
                  - flatMapLatest:
                      if: $0 == saved
                      then: { just: .unchanged }
                      else:
                        if: $0.isEmpty
                        then: { just: .invalid }
                        else: { call: users.isAvailable, with: { username: $0 }, ops: [ { map: "$0 ? Availability.available : Availability.taken" } ] }
            services:
              users.isAvailable: { params: { username: String }, returns: Bool, latency: 300ms, result: true }
            scenarios:
              - name: each branch in turn
                params: { saved: ada }
                steps:
                  - send: { username: ada }
                  - expect: { availability: unchanged }
                  - send: { username: "" }
                  - expect: { availability: invalid }
                  - send: { username: grace }
                  - wait: 300ms
                  - expect: { availability: available }
            """)
    }
}
