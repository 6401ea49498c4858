import ScreenSpec
import Testing

/// Issue 39 (a fifth first user's D1): two handlers on one event whose `if:` conditions exclude
/// each other never both run, and were warned that they do. Each form the checker proves is one
/// case here; a pair that may both hold keeps the warning, which now says when.
@Suite struct ExclusiveConditionsTests {
    private static func spec(_ first: String, _ second: String, types: String = "") -> String {
        """
        screen: S
        types:
          Kind: [a, b, c]\(types)
        inputs:
          n: Int
          m: { type: Int, default: 0 }
          k: { type: Kind, default: a }
          s: { type: String, default: "" }
          c: { type: Bool, default: false }
        state:
          label: { type: String, initial: "" }
        handlers:
          - on: n
            if: '\(first)'
            set: { label: '"one"' }
          - on: n
            if: '\(second)'
            set: { label: '"two"' }

        """
    }

    private static func warnings(_ first: String, _ second: String) -> [String] {
        let loaded = SpecLoader.load(text: spec(first, second), path: "t.yaml")
        #expect(loaded.spec != nil, "\(first) / \(second): \(loaded.renderDiagnostics())")
        return loaded.diagnostics.map(\.id)
    }

    @Test(arguments: [
        ("c", "!c"),
        ("!c", "c"),
        ("n > 0", "n <= 0"),
        ("n <= 0", "n > 0"),
        ("n < m", "n >= m"),
        ("n == m", "n != m"),
        ("n < m", "m < n"),           // the same operands the other way round
        ("n > 0", "!(n > 0)"),
        ("n == 0", "!(n == 0)"),
        ("k == .a", "k == .b"),
        (".a == k", "k == .c"),
        ("n == 1", "n == 2"),
        ("s == \"x\"", "s == \"y\""),
        ("n > 0 && c", "n <= 0"),     // a conjunction holding one pair
        ("c && n == 1", "m > 3 && n == 2"),
        ("n == 1 || n == 2", "n == 3"),
    ])
    func conditionsThatExcludeEachOtherAreQuiet(_ pair: (String, String)) {
        #expect(Self.warnings(pair.0, pair.1).isEmpty, "\(pair.0) / \(pair.1)")
    }

    @Test(arguments: [
        ("n > 0", "n >= 0"),          // both hold for 1
        ("n > 0", "m <= 0"),          // other operands
        ("k == .a", "k != .b"),
        ("n == m", "n == 2"),         // 'm' is no literal: it may be 2
        ("c || n > 0", "n <= 0"),     // a disjunction with a term that may hold with it
        ("n > 0 || c", "!c"),
        ("c", "c"),
        ("n == 0", "n == -0"),        // one value written two ways
        ("n > 9007199254740992", "n <= 9007199254740993"),   // two Ints one Double holds: both hold for the second
    ])
    func conditionsThatMayBothHoldAreWarnedAboutWithWhen(_ pair: (String, String)) {
        let loaded = SpecLoader.load(text: Self.spec(pair.0, pair.1), path: "t.yaml")
        #expect(loaded.diagnostics.map(\.id) == ["handlers-one-transaction"], "\(pair.0) / \(pair.1)")
        #expect(loaded.diagnostics.first?.notes.first?.message.hasPrefix("both run when 'n' emits and both conditions hold;") == true)
    }

    /// `.gray` and `.grey` are one colour: a colour's name is no literal the checker tells apart.
    @Test func twoNamesOfOneColourMayBothHold() {
        let loaded = SpecLoader.load(text: """
            screen: S
            inputs:
              tap: event
            state:
              tint: { type: Color, initial: gray }
              n: { type: Int, initial: 0 }
            handlers:
              - on: tap
                if: tint == .gray
                set: { n: n + 1 }
              - on: tap
                if: tint == .grey
                set: { n: n + 10 }

            """, path: "t.yaml")
        #expect(loaded.diagnostics.map(\.id) == ["handlers-one-transaction"], "\(loaded.renderDiagnostics())")
    }

    /// Two conditions of 200 terms each: the pair of the last terms excludes them.
    @Test func longConjunctionsAreCompared() {
        let terms = (0..<199).map { "m != \($0)" }.joined(separator: " && ")
        #expect(Self.warnings(terms + " && n > 0", terms + " && n <= 0").isEmpty)
        #expect(Self.warnings(terms + " && n > 0", terms + " && n >= 0") == ["handlers-one-transaction"])
    }

    /// The fifth first user's two-factor screen: a 401 and any other failure but a refusal.
    @Test func anErrorAndEveryOtherButARefusalAreQuiet() {
        let loaded = SpecLoader.load(text: """
            screen: TwoFactor
            inputs:
              submit: event
            state:
              message: { type: String, initial: "" }
            actions:
              verify: { trigger: submit, work: { call: auth.verify } }
            handlers:
              - on: verify.errors
                if: verify.errors == .http(401)
                set: { message: '"Wrong code"' }
              - on: verify.errors
                if: verify.errors != .http(401) && verify.errors != .notEnabled
                set: { message: '"Something went wrong"' }
              - on: verify.errors
                if: verify.errors == .http(500)
                set: { message: '"Try later"' }
            services:
              auth.verify: { returns: Void, fails: http(401) }

            """, path: "t.yaml")
        // The third may run with the second (a 500 is neither 401 nor a refusal), not with the first.
        #expect(loaded.diagnostics.map(\.message) == ["'message' is set by the handler on 'verify.errors' and by the handler on 'verify.errors' in the same transaction"])
        #expect(loaded.diagnostics.first?.range.start.line == 17)
        #expect(loaded.diagnostics.first?.notes.first?.range?.start.line == 14)
    }

    @Test func oneConditionAloneIsSaidSo() {
        let loaded = SpecLoader.load(text: """
            screen: S
            inputs:
              n: Int
            state:
              label: { type: String, initial: "" }
            handlers:
              - on: n
                set: { label: '"any"' }
              - on: n
                if: n > 0
                set: { label: '"positive"' }

            """, path: "t.yaml")
        #expect(loaded.diagnostics.first?.notes.first?.message.hasPrefix("both run when 'n' emits and the only 'if:' of the two holds;") == true)
    }
}
