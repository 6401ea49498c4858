import Foundation
@testable import SpecPreview
import SpecRuntime
import SpecTesting
import SpecTools
import Testing

/// A recording as Maestro Studio keeps one: typing into one field is one `type:` step, the save is
/// confirmed naming the scenario and the file; a password is masked in what the page is sent.
@Suite(.serialized)
struct PreviewRecordingTests {
    func login() throws -> (PreviewSession, String) {
        let folder = try PackagePaths.temporaryFolder("specrun-preview-recording")
        let path = folder + "/login.yaml"
        try FileManager.default.copyItem(atPath: PackagePaths.specs + "/login.yaml", toPath: path)
        return (try PreviewSession(path: path), folder)
    }

    func type(_ session: PreviewSession, _ field: String, _ text: String) {
        for end in text.indices {
            let typed = String(text[...end])
            session.receive(#"{"op":"step","verb":"type","target":"\#(field)","value":"\#(typed)"}"#)
            session.receive(#"{"op":"wait","ms":40}"#)
        }
    }

    @Test func typingIntoOneFieldIsOneStepAndTheSaveIsConfirmed() throws {
        let (session, folder) = try login()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"record"}"#)
        type(session, "email", "someone@example.com")
        type(session, "password", "hunter2")
        session.receive(#"{"op":"expect","name":"canLogin"}"#)
        // After an expectation, typing into the same field again is a step of its own.
        type(session, "password", "hunter22")
        session.receive(#"{"op":"stop","name":"typed key by key"}"#)
        #expect(session.sync { $0.error } == nil)
        #expect(session.sync { $0.saved } == "Saved scenario 'typed key by key' (9 steps) to \(session.path)")
        let text = try String(contentsOfFile: session.path, encoding: .utf8)
        #expect(text.contains("""
              - name: "typed key by key"
                steps:
                  - wait: 720ms
                  - type: { email: "someone@example.com" }
                  - wait: 280ms
                  - type: { password: "hunter2" }
                  - wait: 40ms
                  - expect: { canLogin: true }
                  - wait: 280ms
                  - type: { password: "hunter22" }
                  - wait: 40ms
            """), "\(text)")
        let verified = SnapshotSuite.verify(specPath: session.path, filter: "typed key by key")
        #expect(verified.scenarios.count == 1)
        #expect(verified.scenarios.allSatisfy { !$0.status.isFailure })
        session.receive(#"{"op":"record"}"#)
        #expect(session.sync { $0.saved } == nil)
    }

    @Test func aPasswordIsMaskedInTheValuesAndTheTimeline() throws {
        let (session, folder) = try login()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sent = Sent()
        session.connect(UUID()) { sent.append($0) }
        session.receive(#"{"op":"pause"}"#)
        type(session, "password", "hunter2")
        session.receive(#"{"op":"step","verb":"type","target":"email","value":"someone@example.com"}"#)
        let states = session.sync { _ in sent.all }.compactMap { text -> [String: Any]? in
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            return object?["type"] as? String == "state" ? object : nil
        }
        let values = states.compactMap { $0["values"] as? [String: String] }
        let lines = states.flatMap { (($0["timeline"] as? [String: Any])?["lines"] as? [String]) ?? [] }
        #expect(values.last?["password"] == "\"•••\"")
        #expect(values.last?["email"] == "\"someone@example.com\"")
        #expect(lines.filter { $0.hasSuffix("▶ type \"•••\" into password") }.count == 7, "\(lines)")
        // Every text the password held, masked in every value and line; the field itself (the
        // component's `text`) keeps what was typed, drawn as dots by the page's password box.
        #expect(!(values.flatMap(\.values) + lines).contains { $0.contains("\"h") }, "\(lines)")
    }

    /// The spec's `secure:` decides, not the name: login's `password` is marked; the same spec
    /// without the mark shows it, and a `pin` marked so is masked, its field a password box, and
    /// the player's steps masked before they are played.
    @Test func theDeclarationDecidesWhatIsMasked() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-preview-secure")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let login = try String(contentsOfFile: PackagePaths.specs + "/login.yaml", encoding: .utf8)
        let unmarked = login.replacing("default: \"\", secure: true }", with: "default: \"\" }")
        #expect(unmarked != login)
        try unmarked.write(toFile: folder + "/login.yaml", atomically: true, encoding: .utf8)
        let plain = try PreviewSession(path: folder + "/login.yaml")
        #expect(plain.sync { $0.sensitive.nodes.isEmpty && $0.sensitive.components.isEmpty })
        plain.receive(#"{"op":"step","verb":"type","target":"password","value":"hunter2"}"#)
        #expect(plain.sync { s in PageMessages.state(s, from: 0, lines: []) }.contains(#""password":"\"hunter2\"""#))

        let pin = folder + "/pin.yaml"
        try """
            screen: Unlock
            inputs:
              pin: { type: String, default: "", secure: true }
              unlock: event
            view:
              pinField: { textField: { text: { twoWay: pin } } }
              unlockButton: { button: { tap: unlock } }
            scenarios:
              - name: typed
                steps:
                  - type: { pinField: "4321" }
                  - set: { pin: "9876" }

            """.write(toFile: pin, atomically: true, encoding: .utf8)
        let session = try PreviewSession(path: pin)
        #expect(session.sync { $0.sensitive.components } == ["pinField"])
        let layout = try JSONSerialization.jsonObject(with: Data(session.sync { PageMessages.layout($0) }.utf8)) as? [String: Any]
        let components = try #require(layout?["components"] as? [[String: Any]])
        #expect(components.first { $0["name"] as? String == "pinField" }?["secure"] as? Bool == true)
        #expect(components.first { $0["name"] as? String == "unlockButton" }?["secure"] == nil)
        session.receive(#"{"op":"play","scenario":0}"#)
        let state = session.sync { PageMessages.state($0, from: 0, lines: []) }
        #expect(!state.contains("4321") && !state.contains("9876"), "\(state)")
        let decoded = try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any]
        let steps = try #require((decoded?["playback"] as? [String: Any])?["steps"] as? [[String: Any]]).compactMap { $0["text"] as? String }
        #expect(steps.count == 2 && steps.allSatisfy { $0.contains("\"•••\"") }, "\(steps)")
    }
}

/// What the session sent a page, collected from its queue.
private final class Sent: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func append(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
