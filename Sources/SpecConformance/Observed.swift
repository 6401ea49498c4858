import SpecRuntime

/// What one side showed of each compared output: per output, its values with their times, in
/// the order they came; nothing is kept while a stream has not emitted.
struct Observed {
    /// How an output is looked at, which says what of it counts.
    enum Look {
        /// Read after each step and at each instant: its changes, one per step or instant.
        case read
        /// Pushed, of a node the spec holds as a value: its changes (an RxSwift `Driver` may
        /// repeat a value; the spec's graph emits only changes).
        case pushedValue
        /// Pushed, of a stream: every element.
        case pushedStream
    }

    struct Entry: Equatable {
        var time: Int
        var value: Value
        /// The step it came in (an acting step, or the wait it came due in): a read output is
        /// compared step by step, not job by job (two answers due at one instant of one wait are
        /// one look at the view model, as one redraw would show them).
        var step: Int

        static func == (a: Entry, b: Entry) -> Bool { a.time == b.time && a.value == b.value }
    }

    var entries: [[Entry]]
    private let looks: [Look]

    init(_ looks: [Look]) {
        entries = Array(repeating: [], count: looks.count)
        self.looks = looks
    }

    /// Notes `value` of output `k` at `time`, in step `step`.
    mutating func note(_ k: Int, _ value: Value?, at time: Int, step: Int) {
        guard let value else { return }
        entries[k].append(Entry(time: time, value: value, step: step))
    }

    /// The entries as ``Equivalence`` compares them.
    func compared(_ equivalence: Equivalence) -> [[Entry]] {
        switch equivalence {
        case .exact:
            return entries.indices.map { k in
                guard looks[k] != .pushedStream else { return entries[k] }
                var kept: [Entry] = []
                for entry in entries[k] {
                    if looks[k] == .read, let last = kept.last, last.time == entry.time, last.step == entry.step { kept.removeLast() }
                    if kept.last?.value != entry.value { kept.append(entry) }
                }
                return kept
            }
        case .rxTest:
            // What an RxTest observer of a glitch-prone graph and of a glitch-free one agree on:
            // per output and instant, the last value.
            return entries.indices.map { k in
                var kept: [Entry] = []
                for entry in entries[k] {
                    if kept.last?.time == entry.time { kept.removeLast() }
                    // An output with a value keeps changes only, also once an instant's glitch is gone.
                    if looks[k] == .pushedStream || kept.last?.value != entry.value { kept.append(entry) }
                }
                return kept
            }
        }
    }
}

/// How timelines are compared.
public enum Equivalence: Sendable {
    /// Every element of every output at the same instant in the same order (a read output: each
    /// change after each step and at each instant).
    case exact
    /// As an RxSwift view model tested with RxTest sees it: per output and instant only the last
    /// value counts, so that the intermediate value a `combineLatest` over one source emits (a
    /// glitch the spec's graph never shows) is not a divergence (docs/spec-language.md,
    /// "Departures from RxSwift").
    case rxTest
}

/// Where two observations part first.
struct FirstDifference: Equatable {
    var output: Int
    var time: Int
    var spec: Value?
    var model: Value?
    /// What each side showed before (nil: nothing yet), for a side with nothing new then.
    var specBefore: Value?
    var modelBefore: Value?

    /// The earliest difference over all outputs; at one instant, the first output in the contract.
    static func between(_ spec: [[Observed.Entry]], _ model: [[Observed.Entry]]) -> FirstDifference? {
        var found: FirstDifference?
        for k in spec.indices {
            let a = spec[k], b = model[k]
            var i = 0
            while i < a.count, i < b.count, a[i] == b[i] { i += 1 }
            guard i < a.count || i < b.count else { continue }
            let time = min(i < a.count ? a[i].time : .max, i < b.count ? b[i].time : .max)
            let difference = FirstDifference(output: k, time: time, spec: i < a.count && a[i].time == time ? a[i].value : nil,
                                             model: i < b.count && b[i].time == time ? b[i].value : nil,
                                             specBefore: i > 0 ? a[i - 1].value : nil, modelBefore: i > 0 ? b[i - 1].value : nil)
            if found == nil || time < found!.time { found = difference }
        }
        return found
    }
}
