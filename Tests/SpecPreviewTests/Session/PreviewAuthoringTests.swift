import Foundation
import ScreenSpec
@testable import SpecPreview
import SpecRuntime
import SpecTesting
import Testing

/// The authoring loop and navigation, on the session and the page's navigator: a save reloads
/// the screen in place, a save that does not check shows its diagnostics over the last good
/// screen, and a navigation output opens its screen with its parameters, with Back.
@Suite(.serialized)
struct PreviewAuthoringTests {
    /// A copy of specs/ (navigation targets are a spec's siblings).
    func specs() throws -> String {
        let folder = try PackagePaths.temporaryFolder("specrun-preview-authoring")
        try FileManager.default.copyItem(atPath: PackagePaths.specs, toPath: folder + "/specs")
        return folder
    }

    func value(_ session: PreviewSession, _ name: String) -> String? {
        session.sync { s in s.spec.node(named: name).flatMap { s.value(of: $0) }.map(ValueFormatter.text) }
    }

    /// Waits for the session's queue to run what was queued before (a reload, a message).
    func settle(_ session: PreviewSession) { session.sync { _ in } }

    @Test func aSaveReloadsTheScreenAndPlaysTheStepsAgain() throws {
        let folder = try specs()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/specs/login.yaml"
        let session = try PreviewSession(path: path)
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"step","verb":"type","target":"email","value":"someone@example.com"}"#)
        settle(session)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        // A label added to the view, and the rule changed: the new screen runs the new rule.
        let edited = original
            .replacingOccurrences(of: "  email:    { textField: { text: { twoWay: email } } }",
                                  with: "  title:    { label: { text: '\"Welcome\"' } }\n  email:    { textField: { text: { twoWay: email } } }")
            .replacingOccurrences(of: "canLogin: email.count >= 10 && password.count >= 4", with: "canLogin: email.count >= 10")
        #expect(edited != original)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        session.reloadIfChanged()
        settle(session)
        #expect(session.sync { $0.spec.components.map(\.name) } == ["title", "email", "password", "confirm"])
        #expect(value(session, "title.text") == #""Welcome""#)
        // The typed e-mail was typed again on the new screen, where it is enough.
        #expect(value(session, "email.text") == #""someone@example.com""#)
        #expect(value(session, "canLogin") == "true")
        #expect(session.sync { $0.diagnostics } == nil)
    }

    @Test func aSaveThatDoesNotCheckShowsItsDiagnosticsOverTheLastGoodScreen() throws {
        let folder = try specs()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/specs/login.yaml"
        let session = try PreviewSession(path: path)
        session.receive(#"{"op":"step","verb":"type","target":"email","value":"someone@example.com"}"#)
        settle(session)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        try original.replacingOccurrences(of: "canLogin: email.count >= 10", with: "canLogin: email.cuont >= 10")
            .write(toFile: path, atomically: true, encoding: .utf8)
        session.reloadIfChanged()
        settle(session)
        // The text `specrun check` prints, and the last good screen still running.
        let expected = SpecLoader.load(path: path).renderDiagnostics()
        #expect(expected.contains("cuont"))
        #expect(session.sync { $0.diagnostics } == expected)
        #expect(value(session, "email.text") == #""someone@example.com""#)
        session.receive(#"{"op":"step","verb":"type","target":"password","value":"hunter2"}"#)
        #expect(value(session, "canLogin") == "true")
        // Fixed: the diagnostics go.
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        session.reloadIfChanged()
        settle(session)
        #expect(session.sync { $0.diagnostics } == nil)
        #expect(value(session, "canLogin") == "true")
    }

    @Test func theScreensOwnRecordingReloadsNothing() throws {
        let folder = try specs()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = try PreviewSession(path: folder + "/specs/login.yaml")
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"record"}"#)
        session.receive(#"{"op":"step","verb":"type","target":"email","value":"someone@example.com"}"#)
        session.receive(#"{"op":"stop","name":"kept"}"#)
        settle(session)
        #expect(session.sync { $0.error } == nil)
        session.reloadIfChanged()
        settle(session)
        // Not restarted: the value typed while recording is still there, and no reload line.
        #expect(value(session, "email.text") == #""someone@example.com""#)
        #expect(session.sync { $0.entries.contains { if case .step(_, let text) = $0 { text.hasPrefix("reloaded") } else { false } } } == false)
    }

    /// The messages a navigator sent its page.
    final class Page: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [[String: Any]] = []

        func receive(_ text: String) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return }
            lock.withLock { messages.append(object) }
        }

        /// Where ``next(_:matching:)`` starts looking: the messages received before it are past.
        private var from = 0

        /// Marks every message received so far as past, before a message to the navigator.
        func mark() { lock.withLock { from = messages.count } }

        /// The latest message of `type`, waiting for one (up to 600 s: a bound for a loaded
        /// machine, never reached when the message comes).
        func last(_ type: String) -> [String: Any]? { wait(since: 0) { $0.last { $0["type"] as? String == type } } }

        /// A message of `type` received since ``mark()`` for which `matching` holds, waiting for
        /// one. Any of them, not only the latest: under load the navigator may send another
        /// message of the type (a state of the screen beneath) after the one looked for.
        func next(_ type: String, matching: @escaping ([String: Any]) -> Bool) -> [String: Any]? {
            wait(since: lock.withLock { from }) { messages in messages.last { $0["type"] as? String == type && matching($0) } }
        }

        private func wait(since start: Int, _ find: (ArraySlice<[String: Any]>) -> [String: Any]?) -> [String: Any]? {
            // 600 s of polls, counted rather than read from the clock: the server's tasks may
            // wait for a thread while other suites hold them, and that wait is not the bound's.
            for _ in 0..<60_000 {
                if let found = lock.withLock({ find(messages[start...]) }) { return found }
                Thread.sleep(forTimeInterval: 0.01)
            }
            if let found = lock.withLock({ find(messages[start...]) }) { return found }
            return nil
        }
    }

    @Test func aNavigationOpensItsScreenWithItsParametersAndBackReturns() throws {
        let folder = try specs()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let events = try PreviewSession(path: folder + "/specs/events.yaml")
        let page = Page()
        let navigator = Navigator(root: events) { page.receive($0) }
        navigator.start()
        defer { navigator.close() }
        #expect(page.last("layout")?["screen"] as? String == "Events")
        navigator.receive(#"{"op":"step","verb":"set","target":"segmentSelection","value":"performed"}"#)
        settle(events)
        #expect(events.sync { $0.error } == nil)
        // The generated form's record input, written as YAML flow text, as the page sends it.
        let selection = #"{ event: { id: 1, title: starred ReactiveX/RxSwift, actor: { login: freak4pc, kind: user }, repository: { fullName: ReactiveX/RxSwift, stars: 24000 } }, title: starred ReactiveX/RxSwift, login: freak4pc, repositoryName: ReactiveX/RxSwift }"#
        let message = try String(decoding: JSONSerialization.data(withJSONObject: ["op": "step", "verb": "send", "target": "selection", "yaml": selection]), as: UTF8.self)
        page.mark()
        navigator.receive(message)
        let stack = page.next("stack") { ($0["screens"] as? [String])?.count == 2 }
        #expect(stack?["screens"] as? [String] == ["Events", "Repository"])
        #expect(page.next("layout") { $0["screen"] as? String == "Repository" } != nil)
        // The target runs with the navigation's parameters.
        #expect(page.next("state") { ($0["values"] as? [String: String])?["navigationTitle"] == #""ReactiveX/RxSwift""# } != nil)
        page.mark()
        navigator.receive(#"{"op":"navigateBack"}"#)
        #expect(page.next("stack") { ($0["screens"] as? [String]) == ["Events"] } != nil)
        #expect(page.next("layout") { $0["screen"] as? String == "Events" } != nil)
        // The screen beneath as it was left.
        #expect(page.next("state") { ($0["values"] as? [String: String])?["isPerformed"] == "true" } != nil)
        #expect(value(events, "isPerformed") == "true")
        // A save plays the steps again, the selection among them; its navigation is not opened
        // again (the person already went there and came back).
        let path = folder + "/specs/events.yaml"
        try (String(contentsOfFile: path, encoding: .utf8) + "\n# saved again\n").write(toFile: path, atomically: true, encoding: .utf8)
        page.mark()
        events.reloadIfChanged()
        settle(events)
        #expect(page.next("state") { ($0["timeline"] as? [String: Any]).map { "\($0["lines"] ?? "")".contains("2 of 2 steps played again") } ?? false } != nil)
        #expect(page.last("stack")?["screens"] as? [String] == ["Events"])
        #expect(value(events, "isPerformed") == "true")
    }

    @Test func aValueThatWouldBeMoreThanOneIsRefused() throws {
        #expect(throws: StepCompiler.Failure.self) { try StepCompiler.flowValue("1 }, tap: confirm, x: { y: 2") }
        #expect(throws: StepCompiler.Failure.self) { try StepCompiler.flowValue("{ a: 1 }\n- tap: confirm") }
        #expect(throws: StepCompiler.Failure.self) { try StepCompiler.flowValue("1 # }") }
        #expect(try StepCompiler.flowValue(" { a: [1, 2], b: \"}\" } ") == #"{ a: [1, 2], b: "}" }"#)
    }

    @Test func aNavigationTargetIsTheSiblingDeclaringTheScreen() {
        #expect(Navigator.declaredScreen(in: "# c\nscreen: Repository   # the detail\ninputs: {}\n") == "Repository")
        #expect(Navigator.declaredScreen(in: "screen: \"User\"\n") == "User")
        #expect(Navigator.declaredScreen(in: "inputs: {}\n") == nil)
    }
}
