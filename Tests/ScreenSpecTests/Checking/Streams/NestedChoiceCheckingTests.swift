import ScreenSpec
import SpecRuntime
import Testing

/// A choice inside a choice's branch (`else: { if: …, then: …, else: … }`), to any depth: read
/// flat (each condition once, the inner streams in the order written), typed as one choice, and
/// refused where a nested choice says something only an inner stream or the request may say.
@Suite struct NestedChoiceCheckingTests {
    /// `yaml`'s errors as `line:col: message`, in order, and their notes' places.
    private func errors(_ yaml: String) -> [String] {
        let loaded = SpecLoader.load(text: yaml, path: "/nonexistent-folder/t.yaml")
        return loaded.diagnostics.filter { $0.severity == .error }.map { d in
            "\(d.range.start.line):\(d.range.start.column): \(d.message)" + d.notes.map { " [note \($0.range.map { "\($0.start.line):\($0.start.column)" } ?? "-"): \($0.message)]" }.joined()
        }
    }

    private func request(_ yaml: String, _ output: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> RequestPlan {
        let loaded = SpecLoader.load(text: yaml, path: "/nonexistent-folder/t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        let node = try #require(spec.nodes.firstIndex { $0.name == output }, sourceLocation: sourceLocation)
        let stream = try #require(spec.streams.first { $0.output == node }, sourceLocation: sourceLocation)
        return try #require(stream.operators.compactMap(\.arguments.request).first, sourceLocation: sourceLocation)
    }

    static let header = StreamCheckingTests.header + """
          list: { stream: xs, ops: [ { flatMapLatest: { if: '$0 == 0', then: { just: '[]' }, else: { if: '$0 < 0', then: { just: '[]' }, else: { call: api.get, with: { page: $0 }, ops: [ { map: '[$0]' } ] } } } } ] }

        """

    // The flat program: each condition once, the outer first, each leading to a later one or a
    // branch; the branches in the order written, each with its own operators counted.
    @Test func aNestedChoiceIsKeptFlat() throws {
        let yaml = Self.header + """
          a:
            stream: xs
            ops:
              - flatMap:
                  if: '$0 > 0'
                  then:
                    if: '$0 > 10'
                    then: { just: '$0', ops: [ { map: '$0 * 100' } ] }
                    else: { call: api.get, with: { page: $0 } }
                  else:
                    if: '$0 == 0'
                    then: empty
                    else: { just: '-1', ops: [ { map: '$0 - 1' }, { take: 1 } ] }
                  ops: [ { map: '$0 + 1' } ]
          b: { stream: a, ops: [ { map: '$0 * 2' } ] }
        """
        let a = try request(yaml, "a")
        let choice = try #require(a.choice)
        #expect(choice.tests.map { [$0.then, $0.otherwise] } == [[.test(1), .test(2)], [.branch(0), .branch(1)], [.branch(2), .branch(3)]])
        #expect(choice.branches.map(\.source.kind) == ["call", "empty", "just"])
        #expect(choice.branchOperators == [1, 0, 0, 2] && a.inner.count == 4)
        #expect(a.source.kind == "just" && a.branchCount == 4)
        #expect(choice.path(to: 3).map { "\($0.test) \($0.holds)" } == ["0 false", "2 false"])
        // Each condition under a probe of kind `choice`, at its `if:`.
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let written = ["if: '$0 > 0'", "if: '$0 > 10'", "if: '$0 == 0'"].map { text in (lines.lastIndex { $0.contains(text) } ?? -1) + 1 }
        for (test, line) in zip(choice.tests, written) {
            guard case .probe(let site, _) = test.condition else { Issue.record("no probe"); continue }
            #expect(site.kind == .choice && site.range.start.line == line)
        }
        // The list's `just: '[]'` in two branches is read as the `[Int]` the call's `map` gives.
        let list = try request(yaml, "list")
        #expect(list.choice?.branches.count == 2)
    }

    @Test func theBranchesMeetAsOneType() throws {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { flatMap: { if: '$0 > 0', then: { just: '1.5', ops: [ { map: '$0 * 2' } ] }, else: { if: '$0 < 0', then: { just: '2' }, else: never } } } ] }
          b: { stream: a, ops: [ { map: '$0 * 2.0' } ] }
          c: { stream: xs, ops: [ { flatMap: { if: '$0 > 0', then: { just: '1' }, else: { if: '$0 < 0', then: { just: '2' }, else: { just: '"3"', ops: [ { map: '$0 + "!"' } ] } } } } ] }
        """
        // `a`'s Int and Double meet as a Double; `c`'s third branch differs, said at it, with a
        // note at the first `then:`, as two branches may be under one key.
        #expect(errors(yaml) == [
            "16:124: 'then:' carries 'Int' and 'else:' carries 'String' after its own 'ops:': the inner streams of a choice carry one type [note 16:60: the 'then:' carrying 'Int' is here]",
        ])
    }

    @Test func aNestedChoiceSaysOnlyWhatAChoiceSays() throws {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { flatMap: { if: '$0 > 0', then: { just: '1' }, else: { if: '$0 < 0', then: { just: '2' }, else: never, ops: [ { take: 1 } ] } } } ] }
          b: { stream: xs, ops: [ { flatMap: { if: '$0 > 0', then: { just: '1' }, else: { if: '$0 < 0', then: { just: '2' } } } } ] }
          c: { stream: xs, ops: [ { flatMap: { if: '$0 > 0', then: { just: '1' }, else: { if: '$0 < 0', then: { just: '2' }, else: never, just: '3' } } } ] }
          d: { stream: xs, ops: [ { flatMap: { if: '$0 > 0', then: { if: '$0 < 9', then: { just: '2' }, else: never, with: { page: $0 } }, else: never } } ] }
          e: { stream: xs, ops: [ { flatMap: { if: '$0 > 0', then: { just: '1' }, else: { if: '$0 < 0', as: n, then: { just: '2' }, else: never } } } ] }
          f: { stream: xs, ops: [ { flatMap: { if: '$0 > 0', then: { just: '1' }, else: { if: '$0 + 1', then: { just: '2' }, else: never } } } ] }
        """
        #expect(errors(yaml) == [
            "14:131: a choice inside 'else:' has no 'ops:' of its own: each of its branches may carry its own, and the request's 'ops:' follow every branch",
            "15:81: 'else' chooses its inner stream with 'if:', 'then:' and 'else:'; 'else:' is missing",
            "16:137: 'just:' goes inside 'then:' or 'else:' when the request chooses its inner stream with 'if:'",
            "17:110: 'with:' belongs to one inner stream, not to a choice",
            "18:97: a branch of 'if:' has no 'as:' of its own: the element is named once, for the conditions and every branch",
            "19:88: expected 'Bool', found 'Int'",
        ])
    }
}
