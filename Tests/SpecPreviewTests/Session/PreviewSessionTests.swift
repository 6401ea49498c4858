import Foundation
@testable import SpecPreview
import SpecRuntime
import SpecTools
import SpecTesting
import Testing

/// The session behind the page: the page's messages played as the scenario steps they name.
@Suite(.serialized)
struct PreviewSessionTests {
    func login() throws -> (PreviewSession, String) {
        let folder = try PackagePaths.temporaryFolder("specrun-preview-session")
        let path = folder + "/login.yaml"
        try FileManager.default.copyItem(atPath: PackagePaths.specs + "/login.yaml", toPath: path)
        return (try PreviewSession(path: path), folder)
    }

    func value(_ session: PreviewSession, _ name: String) -> String? {
        session.sync { s in s.spec.node(named: name).flatMap { s.value(of: $0) }.map(ValueFormatter.text) }
    }

    @Test func gesturesActAsScenarioSteps() throws {
        let (session, folder) = try login()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"step","verb":"type","target":"email","value":"someone@example.com"}"#)
        session.receive(#"{"op":"step","verb":"type","target":"password","value":"hunter2"}"#)
        #expect(value(session, "canLogin") == "true")
        #expect(value(session, "confirm.enabled") == "true")
        session.receive(#"{"op":"step","verb":"tap","target":"confirm"}"#)
        #expect(value(session, "login.executing") == "true")
        // Paused: real time does not move the clock; "run to the next due event" does.
        session.receive(#"{"op":"next"}"#)
        #expect(value(session, "login.executing") == "false")
        #expect(session.sync { $0.error } == nil)
    }

    @Test func aStepTheCheckerRefusesIsReportedNotPlayed() throws {
        let (session, folder) = try login()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        session.receive(#"{"op":"step","verb":"slide","target":"email","value":0.5}"#)
        #expect(session.sync { $0.error }?.isEmpty == false)
        session.receive(#"{"op":"step","verb":"type","target":"email: x, password","value":"a"}"#)
        #expect(session.sync { $0.error }?.contains("is not a name") == true)
        #expect(value(session, "email.text") == #""""#)
    }

    @Test func aRecordingIsAppendedAndPasses() throws {
        let (session, folder) = try login()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"record"}"#)
        session.receive(#"{"op":"step","verb":"type","target":"email","value":"a \"quoted\" one@example.com"}"#)
        session.receive(#"{"op":"step","verb":"type","target":"password","value":"hunter2"}"#)
        session.receive(#"{"op":"step","verb":"tap","target":"confirm"}"#)
        session.receive(#"{"op":"wait","ms":1500}"#)
        session.receive(#"{"op":"expect","name":"login.executing"}"#)
        session.receive(#"{"op":"stop","name":"from the session test"}"#)
        #expect(session.sync { $0.error } == nil)
        let text = try String(contentsOfFile: session.path, encoding: .utf8)
        #expect(text.contains("""
              - name: "from the session test"
                steps:
                  - type: { email: "a \\"quoted\\" one@example.com" }
                  - type: { password: "hunter2" }
                  - tap: confirm
                  - wait: 1500ms
                  - expect: { login.executing: true }
            """))
        // Its snapshot was written with it (the copied spec's other snapshots are not here).
        let verified = SnapshotSuite.verify(specPath: session.path, filter: "from the session test")
        #expect(verified.scenarios.count == 1)
        #expect(verified.scenarios.allSatisfy { !$0.status.isFailure }, "\(verified.scenarios.map(\.expectFailures))")
    }
}
