/// Compares a timeline, entry by entry as it is recorded, with an expected one, the way
/// `specrun test` judges a scenario (`specrun mutate`): without formatting either whole, and so
/// that the scenario can stop at the first entry that differs. The expected timeline passes, so
/// an expectation failure played fails the match, as it fails the test; otherwise failures are
/// left out on both sides, as the snapshot leaves them out. Without an expected timeline (a
/// scenario with no snapshot), only a failure or a runtime error fails it.
package struct TimelineMatch: Sendable {
    /// The expected entries, failures left out; nil when only failures count.
    private let expected: [Timeline.Entry]?
    /// How many of them the played entries matched so far.
    private var matched = 0
    /// False from the first played entry that prints differently, or one too many.
    private(set) var holds = true

    package init(expecting timeline: Timeline) {
        expected = timeline.entries.filter { if case .failure = $0 { return false } else { return true } }
    }

    /// A match that only a failure (a failed `expect:` or invariant) or a runtime error breaks:
    /// what `specrun test` judges a scenario by when it has no snapshot.
    package static var failuresOnly: TimelineMatch { TimelineMatch() }

    private init() { expected = nil }

    /// Takes the next played entry; false once the timeline differs.
    mutating func accept(_ entry: Timeline.Entry) -> Bool {
        switch entry {
        case .failure:
            holds = false
            return false
        case .runtimeError where expected == nil:
            holds = false
            return false
        default: break
        }
        guard let expected else { return holds }
        guard holds, matched < expected.count, entry.printsSame(as: expected[matched]) else {
            holds = false
            return false
        }
        matched += 1
        return true
    }

    /// Whether the played timeline, now complete, printed as the expected one.
    var complete: Bool { holds && matched == (expected?.count ?? 0) }
}

extension Timeline.Entry {
    /// Whether the two print the same line in a timeline's text (``TimelineFormatter``). Equal
    /// names, times and texts print the same; values are compared as printed (see
    /// ``ValueFormatter/printsSame(_:_:)``).
    func printsSame(as other: Self) -> Bool {
        switch (self, other) {
        case (.emission(let t, let n, let v), .emission(let t2, let n2, let v2)):
            return t == t2 && n == n2 && ValueFormatter.printsSame(v, v2)
        case (.step(let t, let text), .step(let t2, let text2)):
            return t == t2 && text == text2
        case (.failure(let t, let m, let f, let l), .failure(let t2, let m2, let f2, let l2)):
            return t == t2 && m == m2 && f == f2 && l == l2
        case (.runtimeError(let t, let m), .runtimeError(let t2, let m2)):
            return t == t2 && m == m2
        case (.end(let t, let n, let e), .end(let t2, let n2, let e2)):
            return t == t2 && n == n2 && (e == e2 || e.text == e2.text)
        case (.cancel(let t, let n, let c), .cancel(let t2, let n2, let c2)):
            return t == t2 && n == n2 && c == c2
        case (.call(let t, let s, let n, let a), .call(let t2, let s2, let n2, let a2)):
            return t == t2 && s == s2 && n == n2 && a.count == a2.count && zip(a, a2).allSatisfy { ValueFormatter.printsSame($0, $1) }
        default:
            return false
        }
    }
}

extension ValueFormatter {
    /// Whether `a` and `b` print the same text. Values that are the same to the bit print the
    /// same, which is the common case and costs no formatting; others (`0.0` and `-0.0` are
    /// equal but print differently, two NaNs differ but print alike, an error prints its kind
    /// alone) are formatted and compared.
    package static func printsSame(_ a: Value, _ b: Value) -> Bool {
        identical(a, b) || text(a) == text(b)
    }

    package static func identical(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.void, .void), (.none, .none): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.enumCase(let x), .enumCase(let y)): return x.caseName == y.caseName
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        default: return false
        }
    }
}
