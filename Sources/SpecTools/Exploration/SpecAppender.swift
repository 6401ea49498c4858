import Foundation
import ScreenSpec
import SpecRuntime

/// Adds a counterexample scenario to the end of a spec's `scenarios:` (`specrun explore --write`).
/// The new text must load, check and contain the scenario before anything is written, and the
/// file is replaced whole (a temporary file renamed over it) or not at all.
package enum SpecAppender {
    package struct Failure: Error, Sendable {
        package var message: String
    }

    /// The spec's text with `scenarioYAML` (an item indented two spaces) at the end of its block
    /// `scenarios:` list, indented as its other items; a `scenarios:` section is added if missing.
    /// The new lines end as most of the file's lines do (`\r\n` or `\n`); the others keep theirs.
    package static func inserting(_ scenarioYAML: String, into text: String) -> Result<String, Failure> {
        // Split on the scalar: a Swift `Character` holds "\r\n" whole, so splitting Characters on
        // "\n" would leave a CRLF file as one line, with no `scenarios:` key found in it.
        var raw = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        if raw.last == "" { raw.removeLast() }
        let crlf = raw.filter { $0.hasSuffix("\r") }.count * 2 > raw.count
        let ending = crlf ? "\r" : ""
        // A last line without a line break gets the file's own.
        if crlf, let last = raw.indices.last, !raw[last].hasSuffix("\r") { raw[last] += "\r" }
        // Each line without its "\r", to read; `raw` keeps it, to write back as it was.
        let lines = raw.map { $0.hasSuffix("\r") ? String($0.unicodeScalars.dropLast()) : $0 }
        func isTopLevelKey(_ line: String) -> Bool {
            guard let c = line.first else { return false }
            return c != " " && c != "\t" && c != "#" && c != "-"
        }
        let item = scenarioYAML.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("scenarios:") }) else {
            let body = ["", "scenarios:"] + item
            return .success((raw + body.map { $0 + ending }).joined(separator: "\n") + "\n")
        }
        let rest = lines[start].dropFirst("scenarios:".count).trimmingCharacters(in: .whitespaces)
        guard rest.isEmpty || rest.hasPrefix("#") else {
            return .failure(Failure(message: "'scenarios:' on line \(start + 1) is not a block list ('- name: ...' items below it); add the scenario by hand"))
        }
        var end = start + 1
        while end < lines.count && !isTopLevelKey(lines[end]) && lines[end] != "---" && lines[end] != "..." { end += 1 }
        let indent = lines[(start + 1)..<end].first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- ") }
            .map { $0.prefix { $0 == " " }.count } ?? 2
        let shifted = item.map { line -> String in
            let body = line.hasPrefix("  ") ? String(line.dropFirst(2)) : line
            return String(repeating: " ", count: indent) + body + ending
        }
        // After the section's last non-blank line, so the blank lines before the next section stay.
        var insertAt = end
        while insertAt > start + 1 && lines[insertAt - 1].trimmingCharacters(in: .whitespaces).isEmpty { insertAt -= 1 }
        raw.insert(contentsOf: [ending] + shifted, at: insertAt)
        return .success(raw.joined(separator: "\n") + "\n")
    }

    /// Inserts the scenario into the spec file at `path` after checking that the result loads and
    /// holds a scenario named `scenarioName`; writes the whole file or nothing.
    package static func append(_ counterexample: Counterexample, toSpecAt path: String) -> Result<CheckedSpec, Failure> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Failure(message: "cannot read '\(path)'"))
        }
        let text = String(decoding: data, as: UTF8.self)
        let updated: String
        switch inserting(counterexample.scenarioYAML, into: text) {
        case .failure(let f): return .failure(f)
        case .success(let t): updated = t
        }
        let loaded = SpecLoader.load(text: updated, path: path, resolver: FileSystemSpecResolver())
        guard let spec = loaded.spec, spec.scenarios.contains(where: { $0.name == counterexample.scenarioName }) else {
            return .failure(Failure(message: "the spec with the new scenario would not check, so '\(path)' was left unchanged:\n"
                                    + loaded.renderDiagnostics()))
        }
        do {
            try SnapshotFile.writeAtomically(updated, to: path)
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
        return .success(spec)
    }
}
