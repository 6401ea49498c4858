import SpecRuntime

/// What `specrun test --watch` does with a key, as Jest's watch mode does: `a` accepts every
/// pending snapshot change, `r` reviews them one by one, `f` runs only the specs that failed,
/// `p` asks for a pattern and runs only the specs whose path contains it, Enter runs again, `q`
/// quits. Pure state, no terminal, so that the dispatch is tested without one; the loop
/// (`WatchLoop`) reads the keys and carries out the actions.
struct WatchKeys: Equatable {
    enum Action: Equatable {
        case acceptAll
        case review
        /// `f` turned "failed only" on (true) or off (false).
        case failedOnly(Bool)
        /// `p`: read a pattern with `PatternInput`, then `setPattern(_:)`.
        case askPattern
        case runAgain
        case quit
        /// A key that does nothing and says nothing: an arrow or a function key, whose escape
        /// sequence is read whole so that none of its bytes is taken for a key.
        case ignored
        /// Any other key: the legend is shown again.
        case showLegend
    }

    /// Only the specs that failed (or were invalid) when they last ran.
    private(set) var failedOnly = false
    /// Only the specs whose path contains this text; nil runs every spec.
    private(set) var pattern: String?

    /// The one-line legend shown after every pass, like Jest's "Watch Usage".
    static let legend = "press a to accept all, r to review, f failed only, p filter, Enter run again, q quit"

    /// The action of `key`. Only these exact keys act: `A` is not `a`.
    mutating func press(_ key: Key) -> Action {
        switch key {
        case .character("a"): return .acceptAll
        case .character("r"): return .review
        case .character("f"):
            failedOnly.toggle()
            return .failedOnly(failedOnly)
        case .character("p"): return .askPattern
        case .character("q"), .interrupt, .endOfInput: return .quit
        case .control(0x0A), .control(0x0D): return .runAgain
        case .escapeSequence, .escape: return .ignored
        default: return .showLegend
        }
    }

    /// Sets the pattern typed after `p`; an empty one clears it.
    mutating func setPattern(_ text: String) {
        pattern = text.isEmpty ? nil : text
    }

    /// The specs, of `specs`, that a pass runs now.
    func select(_ specs: [String], failing: Set<String>) -> [String] {
        specs.filter { spec in
            (!failedOnly || failing.contains(spec)) && (pattern.map { spec.contains($0) } ?? true)
        }
    }

    /// What narrows the specs, for the line above the legend; nil when nothing does.
    var status: String? {
        var parts: [String] = []
        if failedOnly { parts.append("only the specs that failed (f shows all)") }
        if let pattern { parts.append("only specs whose path contains '\(TerminalText.escaped(pattern))' (p, then Enter, clears)") }
        return parts.isEmpty ? nil : "watch filter: " + parts.joined(separator: "; ")
    }
}

/// The pattern typed after `p` in `test --watch`, one key at a time (the terminal echoes
/// nothing in key mode, so the loop echoes what `press` returns).
struct PatternInput: Equatable {
    enum Outcome: Equatable {
        /// Still typing; `echo` is what to write to show the key's effect.
        case editing(echo: String)
        /// Enter: the pattern, empty to clear the filter.
        case done(String)
        /// Esc: the filter stays as it was.
        case cancelled
    }

    private(set) var text = ""

    static let prompt = "pattern (part of a spec's path; Enter applies, empty clears, Esc cancels) › "

    mutating func press(_ key: Key) -> Outcome {
        switch key {
        case .character(let c):
            text.append(c)
            return .editing(echo: TerminalText.escaped(String(c)))
        case .control(0x7F), .control(0x08):
            guard !text.isEmpty else { return .editing(echo: "") }
            text.removeLast()
            return .editing(echo: "\u{8} \u{8}")
        case .control(0x15):
            // Ctrl-U, as a shell: clear what was typed.
            let erase = String(repeating: "\u{8} \u{8}", count: text.count)
            text = ""
            return .editing(echo: erase)
        case .control(0x0A), .control(0x0D):
            return .done(text)
        case .escape, .interrupt, .endOfInput:
            return .cancelled
        default:
            return .editing(echo: "")
        }
    }
}
