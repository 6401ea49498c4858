import CompiledPlayer
import Foundation
import SpecRuntime
import Testing

/// Every spec shipped under specs/, compiled by the `specrun` this checkout builds, plays here
/// (SpecRuntime alone) with exactly the timelines `specrun run` prints for its YAML.
///
/// The compiled files are made by the test rather than committed, so they can never be stale;
/// `specrun` must be built first (`swift build --product specrun` at the repository's root, as
/// `.ci/run` does), or named by the `SPECRUN` environment variable.
@Suite struct CompiledPlayerTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static let specrun = ProcessInfo.processInfo.environment["SPECRUN"] ?? root + "/.build/debug/specrun"

    static let specs: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/specs")) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    /// Runs `specrun` with `arguments` from the repository's root: its exit status and output.
    static func specrun(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: specrun)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theShippedSpecsAreFound() throws {
        #expect(Self.specs.count >= 5, "no specs under \(Self.root)/specs")
        #expect(FileManager.default.isExecutableFile(atPath: Self.specrun), "build specrun first: swift build --product specrun (looked for \(Self.specrun))")
    }

    @Test(arguments: specs)
    func compiledSpecPlaysTheTimelinesOfItsYAML(_ spec: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.specrun), "build specrun first: swift build --product specrun")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-player-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let compiled = folder + "/" + spec.replacingOccurrences(of: ".yaml", with: ".json")

        let compile = try Self.specrun(["compile", "specs/" + spec, "--output", compiled])
        #expect(compile.status == 0)
        let yaml = try Self.specrun(["run", "specs/" + spec])
        #expect(yaml.status == 0)

        let played = try CompiledPlayer.timelines(ofCompiledSpecAt: compiled)
        #expect(played.passed)
        #expect(!played.text.isEmpty)
        #expect(played.text == yaml.output)
    }

    @Test func aFileThatIsNotACompiledSpecIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-compiled-\(UUID().uuidString).json").path
        try Data("screen: login\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: CompiledSpecError.self) { try CompiledPlayer.timelines(ofCompiledSpecAt: path) }
    }
}
