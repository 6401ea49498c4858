import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// What `specrun run SPEC > FILE` does, through the same library calls as `Run.run()`:
/// load and check the file, play every scenario, format the text timeline, write it out.
public enum EndToEnd {
    /// Returns the bytes written.
    @discardableResult
    public static func run(spec path: String, output: String) -> Int {
        let loaded = SpecLoader.load(path: path)
        guard let checked = loaded.spec else { preconditionFailure(loaded.renderDiagnostics()) }
        guard let file = FileHandle(forWritingAtPath: output) ?? {
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            return FileHandle(forWritingAtPath: output)
        }() else { preconditionFailure("cannot write \(output)") }
        defer { try? file.close() }
        try? file.truncate(atOffset: 0)
        var written = 0
        for (n, i) in checked.scenarioNames.indices.enumerated() {
            let timeline = ScenarioRunner.run(checked, scenario: i)
            precondition(timeline.passed, "scenario '\(timeline.scenario)' failed")
            let data = Data(((n > 0 ? "\n" : "") + TimelineFormatter.text(timeline)).utf8)
            file.write(data)
            written += data.count
        }
        return written
    }

    /// Writes the login scenario of `steps` steps to a file and returns its path.
    public static func writeScenario(steps: Int, in folder: String) -> String {
        let path = folder + "/login-\(steps).yaml"
        _ = FileManager.default.createFile(atPath: path, contents: Data(SpecGenerator.loginScenario(steps: steps).utf8))
        return path
    }
}
