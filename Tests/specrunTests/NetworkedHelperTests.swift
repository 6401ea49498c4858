import Foundation
import SpecTesting
import Testing

/// `specrun` loads nothing that uses the network (no FoundationNetworking, so no libcurl and its
/// thirty libraries at every start); `preview` and `run --live` run in `specrun-live`, which
/// `specrun` becomes for them, with the same arguments, streams and exit status.
@Suite("specrun and specrun-live")
struct NetworkedHelperTests {
    /// The libraries the dynamic loader maps for `binary`, as `ldd` lists them (Linux only).
    static func linkedLibraries(_ binary: String) throws -> [String]? {
        #if os(Linux)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") else { return nil }
        let result = try Command.run("/usr/bin/ldd", [binary], timeout: 120)
        try #require(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #else
        return nil
        #endif
    }

    @Test("specrun links neither FoundationNetworking nor libcurl; specrun-live does")
    func specrunLoadsNoNetworking() throws {
        let specrun = try CLI.binary
        guard let libraries = try Self.linkedLibraries(specrun) else { return }
        let networked = libraries.filter { $0.contains("libcurl") || $0.contains("FoundationNetworking") }
        #expect(networked.isEmpty, "specrun loads \(networked)")
        let helper = URL(fileURLWithPath: specrun).deletingLastPathComponent().appendingPathComponent("specrun-live").path
        let helperLibraries = try #require(try Self.linkedLibraries(helper))
        // The check above would pass for a wrong reason if ldd's lines no longer named these.
        #expect(helperLibraries.contains { $0.contains("libcurl") }, "\(helperLibraries)")
    }

    @Test("run --live in specrun gives what specrun-live gives, exit status included")
    func liveRunGoesThroughTheHelper() throws {
        let spec = PackagePaths.specs + "/login.yaml"
        let viaSpecrun = try CLI.run(["run", "--live", "--scenario", "a too-short form keeps the button disabled", spec])
        let helper = URL(fileURLWithPath: try CLI.binary).deletingLastPathComponent().appendingPathComponent("specrun-live").path
        let direct = try Command.run(helper, ["run", "--live", "--scenario", "a too-short form keeps the button disabled", spec],
                                     environment: CLI.environment(), timeout: 300)
        #expect(viaSpecrun.status == direct.status)
        // A live run's times are real milliseconds, so two runs may differ there and only there.
        #expect(Self.withoutTimes(viaSpecrun.stdout) == Self.withoutTimes(direct.stdout))
        #expect(viaSpecrun.stdout.contains("a too-short form keeps the button disabled"), "\(viaSpecrun)")
    }

    /// A timeline with its time column (`  1234ms`) taken out.
    static func withoutTimes(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            let trimmed = line.drop { $0 == " " }
            guard let end = trimmed.range(of: "ms  ") else { return String(line) }
            return trimmed[..<end.lowerBound].allSatisfy(\.isNumber) ? String(trimmed[end.upperBound...]) : String(line)
        }
    }

    @Test("a specrun with no specrun-live beside it or on PATH says how to build one, exit 69")
    func missingHelperIsExplained() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-alone")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let alone = folder + "/specrun"
        try FileManager.default.copyItem(atPath: try CLI.binary, toPath: alone)
        let spec = PackagePaths.specs + "/login.yaml"
        for arguments in [["preview", "--no-open", spec], ["run", "--live", spec]] {
            let result = try Command.run(alone, arguments, environment: CLI.environment(["PATH": "/usr/bin:/bin"]), timeout: 300)
            #expect(result.status == 69, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("swift build --product specrun-live"), "\(result)")
        }
        // Every other command works without it.
        let plain = try Command.run(alone, ["run", spec], environment: CLI.environment(["PATH": "/usr/bin:/bin"]), timeout: 300)
        #expect(plain.status == 0, "\(plain)")
    }
}
