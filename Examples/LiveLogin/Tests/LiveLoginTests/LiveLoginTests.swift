import Foundation
import LiveLogin
import SpecRuntime
import Testing

/// The login screen against a real HTTP server on 127.0.0.1: the backend's answers become the
/// spec's values, at real times, and stopping leaves nothing running.
@Suite("Live login against a local server")
struct LiveLoginTests {
    @Test(arguments: ["spec's http:", "closure"])
    func theBackendDecidesAndTheScreenShowsIt(_ provider: String) async throws {
        let server = try LoginServer()
        defer { server.stop() }
        let login = try LoginScreen(backend: server.baseURL, provider: provider == "closure" ? .closure(.shared) : .specHTTP)
        defer { login.screen.stop() }

        #expect(try await login.signIn(email: "someone@example.com", password: "hunter3").description == "http(401)")
        #expect(try await login.signIn(email: "taken@example.com", password: "hunter2").description == "http(409)")
        #expect(try await login.signIn(email: "someone@example.com", password: "hunter2").description == "()")
        #expect(server.log == [
            "POST /session someone@example.com",
            "POST /session taken@example.com",
            "POST /session someone@example.com",
        ])
        // Each sign-in turned `executing` on and off again; the button followed.
        let executing = login.timeline.filter { $0.contains("login.executing") }
        #expect(executing.count == 7)   // false at the start, then true/false three times
        #expect(try login.screen.value(of: "login.executing") == .bool(false))
        #expect(login.screen.callsInFlight == 0)
    }

    @Test(arguments: ["spec's http:", "closure"])
    func anUnreachableBackendIsUnknown(_ provider: String) async throws {
        // A port nothing listens on: the server is stopped before the call.
        let server = try LoginServer()
        let url = server.baseURL
        server.stop()
        let login = try LoginScreen(backend: url, provider: provider == "closure" ? .closure(.shared) : .specHTTP)
        defer { login.screen.stop() }
        let outcome = try await login.signIn(email: "someone@example.com", password: "hunter2")
        #expect(outcome.description == "unknown")
    }
}
