import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// `specrun mutate --max-seconds` stops within its budget however large the spec: the deadline is
/// checked before each scenario the set-up plays, reads or settles, and before each scenario a
/// mutant plays. On a fake clock (each reading one second later), never on real time.
@Suite("Mutation deadline")
struct MutationDeadlineTests {
    /// Seconds that pass one per reading.
    final class FakeClock: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private let step: Double

        init(step: Double) { self.step = step }

        var reads: Int { lock.withLock { count } }

        func now() -> Double {
            lock.withLock {
                count += 1
                return Double(count) * step
            }
        }
    }

    /// A form with `scenarios` one-step scenarios (the shape of the spec that ran on for 150 s).
    static func spec(scenarios: Int) -> String {
        var text = """
            screen: Many
            inputs:
              email: { type: String, default: "" }
            outputs:
              canLogin: email.count >= 3 && email.count < 40
              shout: email + "!"
              long: email.count > 10 || email.count == 5
              short: email.count <= 4 && email != ""
              size: email.count * 2 + 1
            scenarios:

            """
        for k in 0..<scenarios {
            text += "  - name: scenario \(k)\n    steps:\n      - set: { email: \"user\(k)@example.com\" }\n"
        }
        return text
    }

    func write(_ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-deadline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("many.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // Its snapshots kept, as `specrun test` keeps them: a scenario kills by its timeline.
        _ = SnapshotSuite.verify(specPath: path, mode: .update)
        return path
    }

    @Test func theSetUpStopsAtTheDeadline() throws {
        let path = try write(Self.spec(scenarios: 300))
        let clock = FakeClock(step: 1)
        let report = MutationRun.run(specPaths: [path], budget: MutationBudget(seconds: 5, progress: nil, clock: clock.now))
        #expect(report.timeBudget == 5)
        let spec = try #require(report.specs.first)
        #expect(spec.outcomes.count > 20)
        #expect(spec.outcomes.allSatisfy { $0.status == .notPlayed || $0.status == .equivalent })
        // Five seconds are five readings: the set-up stopped at the sixth, before its sixth
        // scenario, and no mutant read the clock again (each would have).
        #expect(clock.reads <= 10, "\(clock.reads) readings")
    }

    @Test func theMutantsStopAtTheDeadline() throws {
        let path = try write(Self.spec(scenarios: 3))
        // The set-up's readings (a few per scenario) and then a few per mutant.
        let clock = FakeClock(step: 1)
        let report = MutationRun.run(specPaths: [path], budget: MutationBudget(seconds: 15, progress: nil, clock: clock.now))
        #expect(report.timeBudget == 15)
        let spec = try #require(report.specs.first)
        #expect(spec.notPlayed > 0)
        // Past the deadline every mutant still to start reads the clock once and stops.
        #expect(clock.reads <= 15 + spec.outcomes.count + 2)
    }

    @Test func aBudgetNeverReachedPlaysEveryMutant() throws {
        let path = try write(Self.spec(scenarios: 3))
        let report = MutationRun.run(specPaths: [path], budget: MutationBudget(seconds: 5, progress: nil, clock: { 0 }))
        #expect(report.timeBudget == nil)
        let spec = try #require(report.specs.first)
        #expect(spec.notPlayed == 0)
        #expect(spec.killed > 0)
    }
}
