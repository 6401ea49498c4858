import SpecRuntime

extension Diagnostic {
    /// The exact text that fixes the diagnostic's range, when there is one: the nearest name of a
    /// "did you mean" (every such message comes from ``Suggestion/didYouMean(_:in:)``), provided
    /// the range holds exactly the misspelt name the message quotes — `[Strng]` is reported as a
    /// whole and is not replaced by `String`. Tools apply it as an edit; `fixIt` is advice for a
    /// person. Without the source there is nothing to verify, so no replacement.
    package func replacement(in source: SourceFile?) -> String? {
        guard let source, range.start.line == range.end.line,
              let start = message.range(of: Suggestion.didYouMeanPrefix, options: .backwards) else { return nil }
        let rest = message[start.upperBound...]
        guard rest.hasSuffix("'?") else { return nil }
        let name = rest.dropLast(2)
        guard !name.isEmpty, !name.contains("'"), let written = source.text(of: range),
              message[..<start.lowerBound].contains("'\(written)'") else { return nil }
        return String(name)
    }
}

extension SourceFile {
    /// The text of a range on one line, nil when it is not on one line of this file.
    func text(of range: SpecRange) -> String? {
        guard range.start.line == range.end.line, let line = lines.indices.contains(range.start.line - 1) ? lines[range.start.line - 1] : nil,
              range.start.column >= 1, range.end.column - 1 <= line.count, range.start.column < range.end.column else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: line[(range.start.column - 1)..<(range.end.column - 1)])
        return String(text)
    }
}
