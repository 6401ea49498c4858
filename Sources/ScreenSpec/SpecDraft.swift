import SpecRuntime

/// A spec read from its text but not yet checked, for tools that change the model and check each
/// variant (`specrun mutate`). Checking a variant reuses what the first check read of sibling
/// specs (navigation targets), so that only the variant itself is checked again.
package struct SpecDraft: Sendable {
    package let source: SourceFile
    package let spec: Spec
    private var catalog: ScreenCatalog

    /// Reads `text`; nil when it does not even parse or read (`SpecLoader.load` reports why).
    /// Navigation targets are read through `resolver` (see ``SpecResolver``).
    package init?(text: String, path: String, resolver: (any SpecResolver)?) {
        let source = SourceFile(path: path, text: text)
        var diagnostics = DiagnosticBag()
        guard !text.utf8.contains(0), let root = YAMLParser.parse(source, diagnostics: &diagnostics) else { return nil }
        var reader = SpecReader(source: source, diagnostics: diagnostics)
        let spec = reader.read(root)
        guard !reader.diagnostics.hasErrors else { return nil }
        self.source = source
        self.spec = spec
        self.catalog = ScreenCatalog(resolver: resolver)
    }

    /// Checks `variant` (this draft's spec, changed); nil with its diagnostics when it does not check.
    package mutating func check(_ variant: Spec) -> (spec: CheckedSpec?, diagnostics: [Diagnostic]) {
        let (checked, diagnostics, _) = checkKeepingScope(variant)
        return (checked, diagnostics)
    }

    /// ``check(_:)``, and what it was checked with, to check one changed derived expression
    /// alone later (see ``CheckScope``); nil without the spec.
    package mutating func checkKeepingScope(_ variant: Spec) -> (spec: CheckedSpec?, diagnostics: [Diagnostic], scope: CheckScope?) {
        let checked = Checker(spec: variant, catalog: catalog).check(diagnostics: DiagnosticBag())
        catalog = checked.catalog
        return (checked.spec, checked.diagnostics.all, checked.scope)
    }

    /// The text of `range` in this spec's source (one line or several).
    package func text(_ range: SpecRange) -> String {
        source.text(range)
    }
}

extension SourceFile {
    /// The text from `range.start` up to `range.end`, lines joined with a line break.
    package func text(_ range: SpecRange) -> String {
        var out = String.UnicodeScalarView()
        var line = range.start.line
        while line <= range.end.line, line >= 1, line <= lines.count {
            let scalars = lines[line - 1]
            let from = line == range.start.line ? max(range.start.column - 1, 0) : 0
            let to = line == range.end.line ? min(max(range.end.column - 1, 0), scalars.count) : scalars.count
            if from < to { out.append(contentsOf: scalars[from..<to]) }
            if line < range.end.line { out.append("\n") }
            line += 1
        }
        return String(out)
    }
}
