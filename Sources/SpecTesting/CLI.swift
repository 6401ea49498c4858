import Foundation
import Testing

/// Runs the built `specrun` binary as a person or a script would, in the style of
/// swift-argument-parser's `AssertExecuteCommand`.
///
/// Every run gets `NO_COLOR=1` and no `CI` (CI's own `CI=true` must not turn every run into a CI
/// run: a test says when it wants one through `environment`), an empty standard input unless
/// `input` is given, and a deadline after which the process is killed.
package enum CLI {
    /// The package root, where a run starts unless told otherwise.
    package static var root: String { PackagePaths.root }

    /// The built binary's path; a test that runs it fails when it was not built.
    package static var binary: String {
        get throws { try #require(PackagePaths.binary, "build the specrun binary first (swift build)") }
    }

    /// The environment of a run: this process's, without `CI` and colour, plus `environment`.
    package static func environment(_ environment: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["FORCE_COLOR"] = nil
        env["NO_COLOR"] = "1"
        env.merge(environment) { $1 }
        return env
    }

    /// Runs `specrun arguments` in `directory` to its exit.
    package static func run(_ arguments: [String], in directory: String = PackagePaths.root, input: String? = nil,
                           environment: [String: String] = [:], timeout: TimeInterval = 300) throws -> CommandResult {
        try Command.run(try binary, arguments, in: directory, input: input, environment: Self.environment(environment), timeout: timeout)
    }

    /// Starts `specrun arguments` in `directory`; the caller waits for it or kills it.
    package static func start(_ arguments: [String], in directory: String = PackagePaths.root, input: String? = nil,
                             environment: [String: String] = [:]) throws -> RunningCommand {
        try Command.start(try binary, arguments, in: directory, input: input, environment: Self.environment(environment))
    }

    /// Runs `script` with `/bin/sh -c` in `directory`, `$SPECRUN` naming the binary, for tests of
    /// what the shell does around a run (closed or full streams, pipes, FIFOs).
    package static func shell(_ script: String, in directory: String = PackagePaths.root, environment: [String: String] = [:],
                             timeout: TimeInterval = 300) throws -> CommandResult {
        var env = Self.environment(environment)
        env["SPECRUN"] = try binary
        return try Command.run("/bin/sh", ["-c", script], in: directory, environment: env, timeout: timeout)
    }

    /// Writes `text` to a file `name` in a fresh temporary folder and returns its path.
    package static func temporarySpec(_ text: String, name: String = "spec.yaml") throws -> String {
        let path = try PackagePaths.temporaryFolder("specrun-cli") + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// Runs `specrun arguments` and checks its exit status and, when given, its whole standard output
/// and standard error, showing a line diff on a mismatch. Returns the result for further checks.
@discardableResult
package func assertExecuteCommand(_ arguments: [String], in directory: String = PackagePaths.root, input: String? = nil,
                                 environment: [String: String] = [:], stdout: String? = nil, stderr: String? = nil,
                                 exitCode: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandResult {
    let result = try CLI.run(arguments, in: directory, input: input, environment: environment)
    let command = (["specrun"] + arguments).joined(separator: " ")
    #expect(result.status == exitCode, "'\(command)' exited \(result.status), expected \(exitCode)\n\(result)", sourceLocation: sourceLocation)
    if let stdout {
        assertLinesEqual(result.stdout, stdout, "standard output of '\(command)'", sourceLocation: sourceLocation)
    }
    if let stderr {
        assertLinesEqual(result.stderr, stderr, "standard error of '\(command)'", sourceLocation: sourceLocation)
    }
    return result
}

/// Checks that `actual` is `expected`; on a mismatch the failure shows a line diff (`-` expected,
/// `+` actual) rather than two long strings.
package func assertLinesEqual(_ actual: String, _ expected: String, _ what: String = "text",
                             sourceLocation: SourceLocation = #_sourceLocation) {
    guard actual != expected else { return }
    Issue.record(Comment(rawValue: "\(what) differs (- expected, + actual):\n" + lineDiff(expected: expected, actual: actual)),
                 sourceLocation: sourceLocation)
}

/// A line diff of two texts: common lines indented, `-` lines only in `expected`, `+` lines only in
/// `actual` (a longest common subsequence, which is plenty for test output).
package func lineDiff(expected: String, actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    var lines: [String] = []
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
        if i < a.count && j < b.count && a[i] == b[j] {
            lines.append("  " + a[i])
            (i, j) = (i + 1, j + 1)
        } else if i < a.count && (j == b.count || common[i + 1][j] >= common[i][j + 1]) {
            lines.append("- " + a[i])
            i += 1
        } else {
            lines.append("+ " + b[j])
            j += 1
        }
    }
    return lines.joined(separator: "\n")
}
