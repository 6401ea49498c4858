import ScreenSpec
import SpecRuntime

/// Whether each `equivalentMutants:` mark names a mutant `specrun mutate` makes and each
/// `unreachable:` mark a coverage item `specrun coverage` counts: a mark that marks nothing (a
/// typo, or a spec edited since) is a located error, for `specrun check` as for both commands.
package enum MarkCheck {
    /// `loaded` with a diagnostic for each mark that marks nothing (and no spec when there is one).
    package static func check(_ loaded: LoadedSpec) -> LoadedSpec {
        guard let checked = loaded.spec, let draft = SpecDraft(text: loaded.source.text, path: loaded.source.path, resolver: FileSystemSpecResolver()),
              !draft.spec.equivalentMutants.isEmpty || !checked.coverageMarks.isEmpty else { return loaded }
        var mutants = MutantGenerator.mutants(of: draft)
        var items = CoverageMap(checked).items
        let problems = mark(&mutants, draft.spec.equivalentMutants) + CoverageReport.apply(checked.coverageMarks, to: &items, fixed: FixedRowFields.names(in: checked))
        return problems.isEmpty ? loaded : LoadedSpec(source: loaded.source, spec: nil, diagnostics: loaded.diagnostics + problems)
    }

    /// Sets the reason of each mutant an `equivalentMutants:` mark names (every mutant of its
    /// change in the declaration, or with `occurrence: N` the N-th of them in source order); one
    /// diagnostic per mark that names none.
    static func mark(_ mutants: inout [Mutant], _ marks: [EquivalentMutantDecl]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for (k, mark) in marks.enumerated() {
            // A mark names its change on one line or as the source writes it, line breaks included.
            let change = MutantChangeText.oneLine(mark.change.value)
            // In source order, the report's, so that `occurrence: 2` names the second of them.
            let sameChange = mutants.indices.filter { mutants[$0].declaration == mark.declaration.value && mutants[$0].change == change }
                .sorted { (mutants[$0].range.start, $0) < (mutants[$1].range.start, $1) }
            guard !sameChange.isEmpty else {
                let candidates = mutants.filter { $0.declaration == mark.declaration.value }.map(\.change)
                problems.append(Diagnostic(id: .unknownMutant, "no mutant of '\(mark.declaration.value)' makes the change '\(mark.change.value)'",
                                           at: mark.change.range,
                                           notes: candidates.isEmpty ? [DiagnosticNote("'specrun mutate' makes no change in '\(mark.declaration.value)'")]
                                               : [DiagnosticNote("its mutants are: " + candidates.prefix(12).map { "\"\($0)\"" }.joined(separator: ", "))],
                                           fixIt: candidates.first.map { "\"\($0)\"" }))
                continue
            }
            var matching = Array(sameChange.enumerated())
            if let n = mark.occurrence {
                guard n.value <= sameChange.count else {
                    let count = sameChange.count == 1 ? "1 mutant" : "\(sameChange.count) mutants"
                    problems.append(Diagnostic(id: .unknownMutant, "'\(mark.declaration.value)' has \(count) making the change '\(mark.change.value)', so no occurrence \(n.value)",
                                               at: n.range,
                                               notes: sameChange.enumerated().map { DiagnosticNote("occurrence \($0.offset + 1) is here", at: mutants[$0.element].range) }))
                    continue
                }
                matching = [matching[n.value - 1]]
            }
            for (rank, i) in matching {
                mutants[i].equivalentBecause = mark.reason.value
                mutants[i].equivalentMark = (k, rank + 1)
            }
        }
        return problems
    }
}
