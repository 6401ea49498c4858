import SpecRuntime

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable {
    case error
    case warning
    case note
}

/// A secondary message attached to a diagnostic, optionally at its own place.
public struct DiagnosticNote: Hashable, Sendable {
    /// The note's text: lowercase, code quoted as 'name'.
    public var message: String
    /// Where the note points, when it points somewhere.
    public var range: SpecRange?

    package init(_ message: String, at range: SpecRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// One problem found in a spec: a value, collected across every phase and reported together.
public struct Diagnostic: Hashable, Sendable, Error, CustomStringConvertible {
    /// Error, warning or note.
    public var severity: Severity
    /// A stable identifier of the kind of problem, such as `unknown-name`.
    public var id: String
    /// Lowercase, no final period, code quoted as `'name'`.
    public var message: String
    /// Where in the spec the problem is.
    public var range: SpecRange
    /// Secondary messages, such as where a clashing name was first declared.
    public var notes: [DiagnosticNote]
    /// A suggested replacement text for `range`, shown as `help:`.
    public var fixIt: String?

    /// Reported with an id of the catalogue (``DiagnosticID``), so none goes undocumented.
    package init(_ severity: Severity = .error, id: DiagnosticID, _ message: String, at range: SpecRange,
                 notes: [DiagnosticNote] = [], fixIt: String? = nil) {
        self.severity = severity
        self.id = id.rawValue
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIt = fixIt
    }

    /// `file:line:column: severity: message`, on one line.
    public var description: String { "\(range.file):\(range.start): \(severity.rawValue): \(message)" }
}

/// Collects diagnostics across the phases of loading a spec.
package struct DiagnosticBag: Sendable {
    package private(set) var all: [Diagnostic] = []
    /// The comparison steps the "did you mean" searches of one spec share, so that checking stays
    /// linear (see ``Suggestion``); a reference, shared by every copy of the bag and by its
    /// ``scratch`` bags. Nil: only the bounds of each search apply.
    package let suggestionBudget: Suggestion.Budget?

    package init() { suggestionBudget = nil }

    package init(suggestionBudget: Suggestion.Budget?) { self.suggestionBudget = suggestionBudget }

    /// An empty bag for diagnostics that may be dropped (a quiet check), charging its suggestions
    /// to this bag's budget.
    package var scratch: DiagnosticBag { DiagnosticBag(suggestionBudget: suggestionBudget) }

    package var hasErrors: Bool { all.contains { $0.severity == .error } }

    package mutating func append(_ diagnostic: Diagnostic) { all.append(diagnostic) }

    package mutating func error(_ id: DiagnosticID, _ message: String, at range: SpecRange,
                                notes: [DiagnosticNote] = [], fixIt: String? = nil) {
        all.append(Diagnostic(.error, id: id, message, at: range, notes: notes, fixIt: fixIt))
    }

    package mutating func append(contentsOf other: [Diagnostic]) { all.append(contentsOf: other) }

    /// Replaces one diagnostic, to add what a later phase knows (a note).
    mutating func replace(at index: Int, with diagnostic: Diagnostic) { all[index] = diagnostic }

    /// Drops diagnostics that another one already explains.
    mutating func removeAll(where shouldBeRemoved: (Diagnostic) -> Bool) { all.removeAll(where: shouldBeRemoved) }

    /// The diagnostics sorted by position, keeping the order of equal positions.
    package var sorted: [Diagnostic] {
        all.enumerated().sorted { a, b in
            let (x, y) = (a.element.range, b.element.range)
            if x.file != y.file { return x.file < y.file }
            if x.start != y.start { return x.start < y.start }
            return a.offset < b.offset
        }.map(\.element)
    }
}
