import Foundation
@testable import SpecPreview
import SpecRuntime
import SpecTesting
import SpecTools
import Testing

/// Playing a scenario on the page: step by step with its expectations judged, continued to the
/// end or to a failure, scrubbed to any step by playing it again from the start.
@Suite(.serialized)
struct PreviewPlayerTests {
    func session(_ text: String) throws -> PreviewSession {
        try PreviewSession(path: try CLI.temporarySpec(text, name: "screen.yaml"))
    }

    func login() throws -> PreviewSession {
        try session(try String(contentsOfFile: PackagePaths.specs + "/login.yaml", encoding: .utf8))
    }

    func value(_ session: PreviewSession, _ name: String) -> String? {
        session.sync { s in s.spec.node(named: name).flatMap { s.value(of: $0) }.map(ValueFormatter.text) }
    }

    func position(_ session: PreviewSession) -> Int? { session.sync { $0.playback?.position } }

    @Test func aScenarioPlaysStepByStepAndScrubs() throws {
        let session = try login()
        // "signs in once the form is valid": set email, expect, set password, expect, send
        // confirm, expect executing, wait 5s, expect not executing.
        session.receive(#"{"op":"play","scenario":0}"#)
        #expect(position(session) == 0)
        #expect(session.sync { $0.realTime.isPaused })
        session.receive(#"{"op":"forward"}"#)
        #expect(value(session, "email") == #""someone@example.com""#)
        #expect(value(session, "password") == #""""#)
        session.receive(#"{"op":"seek","position":6}"#)
        #expect(value(session, "login.executing") == "true")
        #expect(session.sync { $0.now } == 0)
        session.receive(#"{"op":"continue"}"#)
        #expect(position(session) == 8)
        #expect(session.sync { $0.now } == 5000)
        #expect(value(session, "login.executing") == "false")
        #expect(session.sync { $0.playback?.failures.allSatisfy { $0 == nil } } == true)
        // Back in time: the scenario again from its start, up to step 2.
        session.receive(#"{"op":"seek","position":2}"#)
        #expect(position(session) == 2)
        #expect(session.sync { $0.now } == 0)
        #expect(value(session, "password") == #""""#)
        #expect(value(session, "canLogin") == "false")
        #expect(value(session, "login.executing") == "false")
        // The person takes over where the scenario stands, and the clock *Play* paused runs again.
        session.receive(#"{"op":"step","verb":"type","target":"password","value":"hunter2"}"#)
        #expect(position(session) == nil)
        #expect(value(session, "canLogin") == "true")
        #expect(session.sync { $0.error } == nil)
        #expect(session.sync { !$0.realTime.isPaused })
    }

    /// A clock the person paused stays paused through *Play* and *Restart*; one *Play* paused runs
    /// again on *Restart*.
    @Test func leavingAScenarioGivesTheClockBackAsThePersonLeftIt() throws {
        let session = try login()
        session.receive(#"{"op":"play","scenario":0}"#)
        #expect(session.sync { $0.realTime.isPaused })
        session.receive(#"{"op":"restart"}"#)
        #expect(session.sync { !$0.realTime.isPaused && $0.playback == nil })
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"play","scenario":0}"#)
        session.receive(#"{"op":"forward"}"#)
        session.receive(#"{"op":"restart"}"#)
        #expect(session.sync { $0.realTime.isPaused && $0.playback == nil })
        session.receive(#"{"op":"play","scenario":0}"#)
        session.receive(#"{"op":"step","verb":"type","target":"email","value":"a@b.co"}"#)
        #expect(session.sync { $0.realTime.isPaused })
    }

    /// iOS delivers no touch to a hidden view: the page does not draw one, and a gesture it sends
    /// for one anyway is refused; shown again, the control takes it.
    @Test func aHiddenControlTakesNoGestureFromThePage() throws {
        let session = try session("""
            screen: Hidden
            inputs:
              locked: { type: Bool, default: true }
              go: event
            state:
              taps: { type: Int, initial: 0 }
            handlers:
              - on: go
                set: { taps: taps + 1 }
            view:
              goButton: { button: { tap: go, isHidden: locked } }

            """)
        session.receive(#"{"op":"step","verb":"tap","target":"goButton"}"#)
        #expect(session.sync { $0.error } == "'goButton' is hidden (isHidden is true): iOS delivers no touch to a hidden view")
        #expect(value(session, "taps") == "0")
        session.receive(#"{"op":"step","verb":"set","target":"locked","value":false}"#)
        session.receive(#"{"op":"step","verb":"tap","target":"goButton"}"#)
        #expect(session.sync { $0.error } == nil)
        #expect(value(session, "taps") == "1")
    }

    @Test func continueStopsAtAFailedExpectation() throws {
        var text = try String(contentsOfFile: PackagePaths.specs + "/login.yaml", encoding: .utf8)
        text += """

              - name: expects too much
                steps:
                  - set: { email: "someone@example.com" }
                  - expect: { canLogin: true }
                  - set: { password: "hunter2" }

            """
        let session = try session(text)
        let index = try #require(session.sync { $0.playable.firstIndex { $0.name == "expects too much" } })
        session.receive(#"{"op":"play","scenario":\#(index)}"#)
        session.receive(#"{"op":"continue"}"#)
        #expect(position(session) == 2)
        #expect(session.sync { $0.playback?.failures } == [nil, "expected canLogin == true, got false"])
        session.receive(#"{"op":"continue"}"#)
        #expect(position(session) == 3)
    }

    @Test func aCounterexampleFromExplorePlays() throws {
        let session = try session("""
            screen: Counter
            inputs:
              tap: event
            state:
              count: { type: Int, initial: 0 }
            handlers:
              - on: tap
                set: { count: count + 1 }
            invariants:
              small: count < 3
            scenarios:
              - name: taps once
                steps:
                  - send: tap
                  - expect: { count: 1 }

            """)
        session.receive(#"{"op":"explore"}"#)
        #expect(session.sync { $0.error } == nil)
        let playing = try #require(session.sync { $0.playback })
        #expect(playing.scenario.name == "explore: invariant 'small' broken")
        #expect(playing.index == 1)
        session.receive(#"{"op":"continue"}"#)
        #expect(value(session, "count") == "3")
        #expect(session.sync { $0.playback?.failures.last } == "expected small == true, got false")
    }

    @Test func badPlayerRequestsAreReported() throws {
        let session = try login()
        session.receive(#"{"op":"forward"}"#)
        #expect(session.sync { $0.error } == "no scenario is being played")
        session.receive(#"{"op":"play","scenario":99}"#)
        #expect(session.sync { $0.error } == "there is no scenario 99 to play")
        session.receive(#"{"op":"record"}"#)
        session.receive(#"{"op":"play","scenario":0}"#)
        #expect(session.sync { $0.error } == "stop recording before playing a scenario")
        #expect(position(session) == nil)
        session.receive(#"{"op":"explore"}"#)
        #expect(session.sync { $0.error } == "stop recording before playing a scenario")
    }
}
