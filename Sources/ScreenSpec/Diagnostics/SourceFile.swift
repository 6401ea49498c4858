import SpecRuntime

/// The text of a spec file, kept to render diagnostics and to locate expressions inside scalars.
public struct SourceFile: Sendable {
    /// The path as the user named it; diagnostics print it unchanged.
    public let path: String
    /// The whole text of the file.
    public let text: String
    /// Each line's Unicode scalars, without the line break.
    let lines: [[Unicode.Scalar]]

    /// The file at `path` holding `text`, with its lines indexed.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
        var lines: [[Unicode.Scalar]] = [[]]
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousWasCR { lines.append([]) }
                previousWasCR = false
            } else if scalar == "\r" {
                lines.append([])
                previousWasCR = true
            } else {
                lines[lines.count - 1].append(scalar)
                previousWasCR = false
            }
        }
        self.lines = lines
    }

    /// The text of a 1-based line, or nil past the end.
    package func line(_ number: Int) -> String? {
        guard number >= 1, number <= lines.count else { return nil }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: lines[number - 1])
        return String(s)
    }

    func scalar(at location: SpecLocation) -> Unicode.Scalar? {
        guard location.line >= 1, location.line <= lines.count else { return nil }
        let line = lines[location.line - 1]
        guard location.column >= 1, location.column <= line.count else { return nil }
        return line[location.column - 1]
    }

    func lineLength(_ number: Int) -> Int {
        guard number >= 1, number <= lines.count else { return 0 }
        return lines[number - 1].count
    }
}
