import ScreenSpec
import SpecRuntime

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), which a
/// workflow's log turns into annotations on the pull request's lines. Printed to standard output
/// by `check --format github` and `test --format github`.
///
/// The escaping is GitHub's: in a message `%`, CR and LF are written `%25`, `%0D` and `%0A` (so a
/// multi-line message stays one command); in a property value `:` and `,` too (`%3A`, `%2C`).
/// Nothing a spec says can start a command of its own.
package enum GitHubAnnotations {
    package enum Level: String, Sendable {
        case error, warning, notice
    }

    /// One workflow command line, ending in a line feed.
    package static func command(_ level: Level, file: String?, line: Int?, column: Int? = nil, title: String? = nil,
                                _ message: String) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + property(file)) }
        if let line, line > 0 { properties.append("line=\(line)") }
        if let column, column > 0 { properties.append("col=\(column)") }
        if let title { properties.append("title=" + property(title)) }
        let head = properties.isEmpty ? "::\(level.rawValue)" : "::\(level.rawValue) " + properties.joined(separator: ",")
        return head + "::" + data(message) + "\n"
    }

    /// A diagnostic at its place; its notes and help follow the message on lines of their own.
    package static func command(for diagnostic: Diagnostic) -> String {
        let level: Level = diagnostic.severity == .error ? .error : .warning
        var message = diagnostic.message
        for note in diagnostic.notes {
            if let range = note.range {
                message += "\nnote: \(range.file):\(range.start.line):\(range.start.column): \(note.message)"
            } else {
                message += "\nnote: \(note.message)"
            }
        }
        if let fixIt = diagnostic.fixIt { message += "\nhelp: \(fixIt)" }
        return command(level, file: diagnostic.range.file, line: diagnostic.range.start.line, column: diagnostic.range.start.column,
                       title: "specrun: \(diagnostic.id)", message)
    }

    /// A message: `%`, CR and LF escaped.
    package static func data(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: as a message, and `:` and `,` too.
    package static func property(_ text: String) -> String {
        data(text).replacingColonsAndCommas()
    }
}

extension String {
    fileprivate func replacingColonsAndCommas() -> String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
