import Foundation
import ScreenSpec
@testable import SpecRuntime
import Testing

/// Every public throwing API of `LiveScreen`, given a caller's mistake, throws a
/// `LiveScreenError` (docs/embedding.md): never a `ServiceFailure` from the `Codable` path, never
/// a trap. Loading a spec with errors throws `SpecLoadError`, as documented; everything after
/// that is `LiveScreenError`.
@Suite("Live screen errors")
struct LiveScreenErrorTests {
    static let spec = """
        screen: Errors
        params:
          userID: Int
          note: String?
        types:
          Form: { email: String, age: Int }
        inputs:
          email: { type: String, default: "" }
          form: { type: Form, default: { email: "", age: 0 } }
          confirm: event
          rows: Int
        outputs:
          canLogin: email.count >= 3
        actions:
          login:
            trigger: confirm
            enabledIf: canLogin
            work: { call: auth.signIn, with: { email: email } }
          remove:
            input: Int
            work: { call: auth.signIn, with: { email: email } }
        services:
          auth.signIn:
            returns: Int
            params: { email: String }
            latency: 50ms
            result: 7

        """

    struct WrongForm: Encodable {
        var email: Int
    }

    func screen() throws -> LiveScreen {
        try LiveScreen(spec: liveSpec(Self.spec), params: ["userID": .int(7)])
    }

    /// `body` throws a `LiveScreenError` with `message`.
    func refuses(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        #expect(throws: LiveScreenError(message), sourceLocation: sourceLocation, performing: body)
    }

    /// `body` throws a `LiveScreenError` whose message starts with `prefix` (the rest is
    /// Foundation's wording, which differs between platforms).
    func refuses(startingWith prefix: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        let error = #expect(throws: LiveScreenError.self, sourceLocation: sourceLocation, performing: body)
        #expect(error?.message.hasPrefix(prefix) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
    }

    @Test func parameters() throws {
        let spec = try liveSpec(Self.spec)
        refuses("the screen needs its parameter 'userID' of type 'Int'") { _ = try LiveScreen(spec: spec) }
        refuses("'userID' takes 'Int': the value should be 'Int' but is \"seven\"") { _ = try LiveScreen(spec: spec, params: ["userID": .string("seven")]) }
        refuses("the screen has no parameter 'userId'; did you mean 'userID'?") { _ = try LiveScreen(spec: spec, params: ["userID": .int(1), "userId": .int(1)]) }
        // Loading is the loader's: a spec with errors throws its diagnostics.
        #expect(throws: SpecLoadError.self) { _ = try LiveScreen(yaml: "screen: X\noutputs:\n  a: nope\n") }
    }

    @Test func theCodableOverloadsThrowLiveScreenErrors() throws {
        let screen = try screen()
        defer { screen.stop() }
        screen.start()
        refuses("'email' takes 'String': the value should be 'String' but is 42") { try screen.set("email", to: 42) }
        refuses("'form' takes 'Form': the value.email should be 'String' but is 3") { try screen.set("form", to: WrongForm(email: 3)) }
        refuses("'rows' takes 'Int': the value should be 'Int' but is \"x\"") { try screen.send("rows", "x") }
        refuses(startingWith: "'email' takes 'String': Double could not be encoded: ") { try screen.set("email", to: Double.nan) }
        try screen.set("email", to: "ann")
        refuses(startingWith: "'email' does not decode as 'Int': \"ann\" is not a Int: ") {
            _ = try screen.value(of: "email", as: Int.self)
        }
    }

    @Test func aSequenceOfTheWrongTypeEndsWithALiveScreenError() async throws {
        let screen = try screen()
        defer { screen.stop() }
        screen.start()
        var values = try screen.values(of: "canLogin", as: String.self).makeAsyncIterator()
        await #expect(throws: LiveScreenError.self) { _ = try await values.next() }
    }

    @Test func namesNodesAndTimes() throws {
        let screen = try screen()
        defer { screen.stop() }
        let other = try LiveScreen(spec: liveSpec("screen: Other\ninputs:\n  name: { type: String, default: \"\" }\n  go: event\n"))
        defer { other.stop() }
        refuses("the screen has not started; call 'start()' first") { try screen.send("confirm") }
        refuses("the screen has not started; call 'start()' first") { try screen.execute("login") }
        screen.start()
        other.start()
        refuses("the screen has no input, state or output 'emial'; did you mean 'email'?") { _ = try screen.node("emial") }
        refuses("the screen has no input, state or output 'zzz'") { _ = try screen.value(of: "zzz") }
        refuses("the screen has no input, state or output 'zzz'") { _ = try screen.value(of: "zzz", as: Int.self) }
        refuses("the screen has no input, state or output 'zzz'") { try screen.observe("zzz") { _ in } }
        refuses("the screen has no input, state or output 'zzz'") { try screen.observe("zzz", on: .main) { _ in } }
        refuses("the screen has no input, state or output 'zzz'") { _ = try screen.values(of: "zzz") }
        refuses("the screen has no input, state or output 'zzz'") { _ = try screen.values(of: "zzz", as: Int.self) }
        refuses("the screen has no input, state or output 'zzz'") { try screen.send("zzz") }
        refuses("'canLogin' is not an input; only event and value inputs can be sent") { try screen.send("canLogin") }
        refuses("'confirm' is an event; only inputs and state can be set") { try screen.set("confirm", to: .void) }
        refuses("'remove' takes 'Int': the value should be 'Int' but is \"x\"") { try screen.execute("remove", input: .string("x")) }
        refuses("the screen has no service 'auth.signOut'; did you mean 'auth.signIn'?") { try screen.removeProvider("auth.signOut") }
        // A node resolved on another screen names nothing here.
        let foreign = try other.node("name")
        refuses("'name' is a node of another screen's spec; resolve it with this screen's 'node(_:)'") { try screen.set(foreign, to: .string("x")) }
        refuses("'go' is a node of another screen's spec; resolve it with this screen's 'node(_:)'") { try screen.send(other.node("go")) }
        #expect(screen.value(of: foreign) == nil)
    }

    @Test func afterStop() throws {
        let screen = try screen()
        screen.start()
        try screen.set("email", to: "ann")
        let email = try screen.node("email")
        let before = screen.milliseconds
        screen.stop()
        // The time it stopped at, not 0.
        #expect(screen.milliseconds == before)
        refuses("the screen has stopped") { try screen.set("email", to: "bob") }
        refuses("the screen has stopped") { try screen.set(email, to: .string("bob")) }
        refuses("the screen has stopped") { try screen.set("email", to: .string("bob")) }
        refuses("the screen has stopped") { try screen.send("confirm") }
        refuses("the screen has stopped") { try screen.execute("login") }
        refuses("the screen has stopped") { try screen.provide("auth.signIn") { () async -> Int in 1 } }
        refuses("the screen has stopped") { try screen.removeProvider("auth.signIn") }
        // Reading and observing a stopped screen is no mistake: an observation ends at once.
        #expect(try screen.value(of: "email") == .string("ann"))
    }
}
