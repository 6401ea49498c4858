import Foundation
import SpecTesting
import Testing

/// `specrun test --update` killed with SIGKILL at random moments, many times: every snapshot is
/// always its old or its new text (never empty, truncated or mixed), and the next run with
/// `--prune` leaves no temporary file behind.
@Suite("Snapshot writes survive SIGKILL")
struct SnapshotFaultTests {
    static let scenarios = 80
    static let kills = 20

    static func spec(factor: Int) -> String {
        var text = "screen: Fault\ninputs:\n  n: { type: Int, default: 0 }\noutputs:\n  scaled: n * \(factor)\n  label: '\"n is \\(n)\"'\nscenarios:\n"
        for i in 0..<scenarios {
            text += "  - name: scenario \(i)\n    steps:\n"
            for k in 1...8 { text += "      - set: { n: \(i * 10 + k) }\n" }
        }
        return text
    }

    static func snapshots(in root: String) throws -> [String: String] {
        let folder = root + "/specs/__snapshots__/fault"
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".timeline") {
            out[name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
        return out
    }

    static func temporaries(in root: String) -> [String] {
        let folder = root + "/specs/__snapshots__/fault"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tmp") }
    }

    static func workspace(factor: Int) throws -> String {
        let root = try PackagePaths.temporaryFolder("specrun-fault")
        try FileManager.default.createDirectory(atPath: root + "/specs", withIntermediateDirectories: true)
        try spec(factor: factor).write(toFile: root + "/specs/fault.yaml", atomically: true, encoding: .utf8)
        return root
    }

    @Test func everySnapshotIsOldOrNewAfterAKillAndPruneLeavesNoTemporaryFile() throws {
        // The old snapshots, and the new ones a complete update writes, recorded in two folders.
        let old = try Self.workspace(factor: 2)
        #expect(try CLI.run(["test"], in: old).status == 0)
        let oldTexts = try Self.snapshots(in: old)
        let new = try Self.workspace(factor: 3)
        #expect(try CLI.run(["test"], in: new).status == 0)
        let newTexts = try Self.snapshots(in: new)
        try #require(oldTexts.count == Self.scenarios && Set(oldTexts.keys) == Set(newTexts.keys))
        #expect(oldTexts.allSatisfy { newTexts[$0.key] != $0.value })

        // The old snapshots with the new spec: `--update` rewrites every one of them.
        let root = old
        try Self.spec(factor: 3).write(toFile: root + "/specs/fault.yaml", atomically: true, encoding: .utf8)
        let start = Date()
        let full = try CLI.run(["test", "--update"], in: root)
        let fullRun = Date().timeIntervalSince(start)
        #expect(full.status == 0)
        #expect(try Self.snapshots(in: root) == newTexts)

        var random = KillMoments(seed: 20261122)
        var killedMidway = 0
        for _ in 0..<Self.kills {
            for (name, text) in oldTexts {
                try text.write(toFile: root + "/specs/__snapshots__/fault/" + name, atomically: true, encoding: .utf8)
            }
            let running = try CLI.start(["test", "--update"], in: root)
            // A moment anywhere in a full run, start-up included.
            usleep(useconds_t(Double(random.next() % 1000) / 1000 * fullRun * 1_000_000))
            running.kill()
            _ = running.wait()
            let texts = try Self.snapshots(in: root)
            #expect(Set(texts.keys) == Set(oldTexts.keys))
            for (name, text) in texts {
                #expect(text == oldTexts[name] || text == newTexts[name], "\(name) is neither the old nor the new snapshot")
            }
            let rewritten = texts.filter { $0.value == newTexts[$0.key] }.count
            if rewritten > 0 && rewritten < texts.count { killedMidway += 1 }
        }
        // The kills must land while the run writes at least sometimes, or the test proves nothing.
        #expect(killedMidway > 0, "no kill landed while snapshots were being written")

        let next = try CLI.run(["test", "--update", "--prune"], in: root)
        #expect(next.status == 0, "\(next.stdout)\(next.stderr)")
        #expect(Self.temporaries(in: root).isEmpty)
        #expect(try Self.snapshots(in: root) == newTexts)
    }
}

/// Deterministic kill moments (SplitMix64), so a failure can be replayed.
private struct KillMoments {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
