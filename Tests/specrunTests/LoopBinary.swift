import Foundation
import Testing

/// Runs the built `specrun` binary in a fresh temporary folder, with files for its standard
/// streams (nothing can block on a full pipe) and optional standard input.
struct LoopBinary {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let folder: String

    /// A temporary folder holding `specs/login.yaml` (the frozen fixture) when `withLogin`.
    init(withLogin: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-loop-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        if withLogin {
            try FileManager.default.copyItem(atPath: Self.root + "/Tests/specrunTests/Fixtures/login.yaml", toPath: folder + "/specs/login.yaml")
        }
    }

    var binary: String {
        get throws { try #require(SnapshotCommandTests.binary, "build the specrun binary first (swift build)") }
    }

    func path(_ relative: String) -> String { folder + "/" + relative }

    func write(_ relative: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path(relative) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path(relative), atomically: false, encoding: .utf8)
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// Replaces the first occurrence of `from` in a file.
    func edit(_ relative: String, _ from: String, _ to: String) throws {
        let text = try #require(read(relative))
        let range = try #require(text.range(of: from), "'\(from)' is not in \(relative)")
        try write(relative, text.replacingCharacters(in: range, with: to))
    }

    /// A process that has been started; the caller waits or terminates it.
    func start(_ arguments: [String], input: String? = nil, environment: [String: String] = [:], tag: String = "") throws -> (Process, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["FORCE_COLOR"] = nil
        env["NO_COLOR"] = "1"
        env.merge(environment) { $1 }
        process.environment = env
        let out = folder + "/.stdout\(tag)", err = folder + "/.stderr\(tag)", inp = folder + "/.stdin\(tag)"
        FileManager.default.createFile(atPath: out, contents: nil)
        FileManager.default.createFile(atPath: err, contents: nil)
        FileManager.default.createFile(atPath: inp, contents: Data((input ?? "").utf8))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inp))
        try process.run()
        return (process, out, err)
    }

    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let (process, out, err) = try start(arguments, input: input, environment: environment)
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: try String(contentsOfFile: out, encoding: .utf8),
                      stderr: try String(contentsOfFile: err, encoding: .utf8))
    }

    /// Polls `condition` every 20 ms for at most `seconds`; whether it became true.
    static func eventually(within seconds: Double = 30, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
