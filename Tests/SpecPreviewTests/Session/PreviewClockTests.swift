import Foundation
@testable import SpecPreview
import SpecRuntime
import SpecTesting
import SpecTools
import Testing

/// The clock controls: pause, x10, run to the next due event, wait N ms.
@Suite(.serialized)
struct PreviewClockTests {
    func login() throws -> PreviewSession {
        try PreviewSession(path: try CLI.temporarySpec(try String(contentsOfFile: PackagePaths.specs + "/login.yaml", encoding: .utf8), name: "login.yaml"))
    }

    @Test func pausedTimeStandsAndWaitAndNextMoveIt() async throws {
        let session = try login()
        session.receive(#"{"op":"pause"}"#)
        let paused = session.sync { $0.now }
        try await Task.sleep(for: .milliseconds(150))
        #expect(session.sync { $0.now } == paused)
        session.receive(#"{"op":"wait","ms":1234}"#)
        #expect(session.sync { $0.now } == paused + 1234)
        // Nothing is scheduled: "next" stays.
        session.receive(#"{"op":"next"}"#)
        #expect(session.sync { $0.now } == paused + 1234)
        session.receive(#"{"op":"step","verb":"set","target":"email","value":"someone@example.com"}"#)
        session.receive(#"{"op":"step","verb":"set","target":"password","value":"hunter2"}"#)
        session.receive(#"{"op":"step","verb":"send","target":"confirm"}"#)
        session.receive(#"{"op":"next"}"#)
        #expect(session.sync { $0.now } == paused + 1234 + 5000)
        #expect(session.sync { $0.error } == nil)
    }

    @Test func tenTimesFasterRunsTenTimesTheVirtualTime() async throws {
        let session = try login()
        session.receive(#"{"op":"speed","speed":10}"#)
        #expect(session.sync { $0.realTime.speed } == 10)
        func wall() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000 }
        // The screen's time real time has reached, read between readings of the clock the live
        // clock reads, so the bounds hold however late a busy machine runs this test. The jump
        // is far ahead of anything the screen reached meanwhile.
        let (resetFrom, resetTo) = session.sync { s -> (Double, Double) in
            let from = wall()
            s.realTime.advance(to: 1_000_000)
            return (from, wall())
        }
        try await Task.sleep(for: .milliseconds(200))
        let (target, readFrom, readTo) = session.sync { s -> (Int, Double, Double) in
            let from = wall()
            let target = s.realTime.read { s.realTime.elapsed }
            return (target, from, wall())
        }
        let moved = Double(target - 1_000_000)
        #expect(moved >= 2000, "200 ms at x10 moved \(moved)ms")
        #expect(moved >= (readFrom - resetTo) * 10 - 1 && moved <= (readTo - resetFrom) * 10 + 1)
        session.receive(#"{"op":"speed","speed":1}"#)
        #expect(session.sync { $0.realTime.speed } == 1)
    }
}
