import Foundation
@testable import SpecPreview
import SpecRuntime
import SpecTesting
import SpecTools
import Testing

/// A save meeting the person's other controls: a scenario being played is played again on the
/// new spec to the step it had reached, answers chosen for the old spec's services are forgotten,
/// the new spec is compiled and run (not the old program), and with `--live` a save whose `http:`
/// section reads a variable that is not set is refused over the last good screen; a recording
/// just saved plays from the player with its `services:` override answering.
@Suite(.serialized)
struct PreviewReloadTests {
    func value(_ session: PreviewSession, _ name: String) -> String? {
        session.sync { s in s.spec.node(named: name).flatMap { s.value(of: $0) }.map(ValueFormatter.text) }
    }

    func save(_ text: String, to path: String, _ session: PreviewSession) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        session.reloadIfChanged()
        session.sync { _ in }
    }

    @Test func aSaveWhilePlayingPlaysTheScenarioAgainToTheSameStep() throws {
        let path = try CLI.temporarySpec(PreviewServicesTests.orders, name: "screen.yaml")
        let session = try PreviewSession(path: path)
        session.receive(#"{"op":"play","scenario":0}"#)
        session.receive(#"{"op":"forward"}"#)
        session.receive(#"{"op":"forward"}"#)
        #expect(value(session, "placed") == "1")
        // The declared answer changed: the scenario, played again, gets the new one.
        try save(PreviewServicesTests.orders.replacingOccurrences(of: "      - value: 1\n", with: "      - value: 5\n"), to: path, session)
        #expect(session.sync { $0.playback?.position } == 2)
        #expect(session.sync { $0.playback?.scenario.name } == "orders once")
        #expect(session.sync { $0.now } == 1000)
        #expect(value(session, "placed") == "5")
        #expect(session.sync { $0.entries.contains { if case .step(_, let text) = $0 { text == "reloaded screen.yaml, 'orders once' played again" } else { false } } })
        // Its expectation, next, fails on the new answer, as `specrun run` would say.
        session.receive(#"{"op":"forward"}"#)
        #expect(session.sync { $0.playback?.failures.last ?? nil } != nil)
    }

    @Test func aSaveForgetsTheAnswersChosenAndRunsTheNewProgram() throws {
        let path = try CLI.temporarySpec(PreviewServicesTests.orders, name: "screen.yaml")
        let session = try PreviewSession(path: path)
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"answer","name":"shop.order","choice":4}"#)
        #expect(session.sync { $0.chosenIndex(0) } == 4)
        // A new declared latency: the graph after the reload runs the new spec's program.
        try save(PreviewServicesTests.orders.replacingOccurrences(of: "    latency: 1s\n", with: "    latency: 2s\n"), to: path, session)
        #expect(session.sync { $0.chosenIndex(0) } == 0)
        #expect(session.sync { $0.graph.spec.services[0].latency } == 2000)
        session.receive(#"{"op":"step","verb":"send","target":"place"}"#)
        session.receive(#"{"op":"wait","ms":1000}"#)
        #expect(value(session, "placed") == "0")
        #expect(value(session, "failure") == "nil")
        session.receive(#"{"op":"wait","ms":1000}"#)
        #expect(value(session, "placed") == "1")
    }

    @Test func aRecordingJustSavedPlaysAtOnceWithItsOverride() throws {
        let path = try CLI.temporarySpec(PreviewServicesTests.orders, name: "screen.yaml")
        let session = try PreviewSession(path: path)
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"record"}"#)
        session.receive(#"{"op":"answer","name":"shop.order","choice":4}"#)
        session.receive(#"{"op":"step","verb":"send","target":"place"}"#)
        session.receive(#"{"op":"wait","ms":200}"#)
        session.receive(#"{"op":"expect","name":"failure"}"#)
        session.receive(#"{"op":"stop","name":"down"}"#)
        #expect(session.sync { $0.error } == nil)
        // The saved text is the screen's own now: its new scenario is in the player's list, and
        // plays green with the chosen answer as its override.
        let k = try #require(session.sync { $0.playable.firstIndex { $0.name == "down" } })
        session.receive(#"{"op":"play","scenario":\#(k)}"#)
        session.receive(#"{"op":"continue"}"#)
        #expect(session.sync { $0.playback.map { $0.position == $0.scenario.steps.count } } == true)
        #expect(session.sync { $0.playback?.failures.allSatisfy { $0 == nil } } == true)
        #expect(value(session, "failure") == "http(503)")
    }

    @Test func aLiveSaveReadingAnUnsetVariableIsRefusedOverTheLastGoodScreen() throws {
        let server = try LocalHTTPServer(routes: ["POST /subscriptions": .json(201, #"{"id": 7, "status": "pending"}"#)])
        defer { server.stop() }
        let path = try CLI.temporarySpec(PreviewServicesTests.newsletter, name: "screen.yaml")
        let session = try PreviewSession(path: path, live: PreviewLive(baseURL: server.baseURL, environment: ["NEWSLETTER_TOKEN": "t"]))
        session.receive(#"{"op":"step","verb":"set","target":"address","value":"a@b.c"}"#)
        try save(PreviewServicesTests.newsletter.replacingOccurrences(of: "env.NEWSLETTER_TOKEN", with: "env.OTHER_TOKEN"), to: path, session)
        let shown = try #require(session.sync { $0.diagnostics })
        #expect(shown.contains("OTHER_TOKEN"), "\(shown)")
        #expect(value(session, "address") == #""a@b.c""#)
        #expect(session.sync { $0.isLive(0) })
    }
}
