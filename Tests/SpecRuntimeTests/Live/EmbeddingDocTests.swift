import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

// The examples of docs/embedding.md, compiled and run: each region between `// doc: NAME` and
// `// end doc` is a ```swift block of the page, character for character once the common
// indentation is removed (`EmbeddingDocTests.thePageShowsTheseExamples` compares them).

/// The backend the examples call: answers at once, as a test double does.
struct Backend: Sendable {
    struct Taken: Error {}
    func signIn(email: String, password: String) async throws {
        if email == "taken@example.com" { throw Taken() }
    }
}

let backend = Backend()
let loginPath = PackagePaths.root + "/specs/login.yaml"
/// The Settings of docs/spec-language.md ("A row's own actions"), as Examples/TypedApp compiles it.
let settingsPath = PackagePaths.root + "/Examples/TypedApp/Sources/TypedScreens/rows/settings.yaml"

@Suite("docs/embedding.md")
struct EmbeddingDocTests {
    @Test func loadAndRun() async throws {
        // doc: load
        let screen = try LiveScreen(path: loginPath)   // or LiveScreen(yaml:), LiveScreen(resource:in:)
        screen.start()
        try screen.set("email", to: "someone@example.com")
        try screen.set("password", to: "hunter2")
        let canLogin = try screen.value(of: "canLogin", as: Bool.self)   // true
        // end doc
        defer { screen.stop() }
        #expect(canLogin == true)
    }

    @Test func badSpecsThrowTheirDiagnostics() throws {
        // doc: diagnostics
        do {
            _ = try LiveScreen(yaml: "screen: Login\noutputs:\n  canLogin: emial.count > 3\n", path: "login.yaml")
        } catch let error as SpecLoadError {
            print(error.rendered)   // login.yaml:3:13: error: unknown name 'emial' ...
        }
        // end doc
        #expect(throws: SpecLoadError.self) { _ = try LiveScreen(yaml: "screen: Login\noutputs:\n  canLogin: emial.count > 3\n") }
    }

    @Test func provideAndObserve() async throws {
        // doc: provide
        struct SignIn: Decodable {
            var email: String
            var password: String
        }

        let screen = try LiveScreen(path: loginPath)
        try screen.provide("auth.signIn") { (form: SignIn) async throws in
            try await backend.signIn(email: form.email, password: form.password)
        }
        screen.start()
        // end doc
        let states = Collected<Bool>()
        @Sendable func showSpinner(_ on: Bool) { states.append(on) }
        let watching = Task {
            // doc: observe
            for try await executing in try screen.values(of: "login.executing", as: Bool.self) {
                showSpinner(executing)   // false, then true, then false
            }
            // end doc
        }
        #expect(await eventually { states.all == [false] })
        // doc: send
        try screen.set("email", to: "someone@example.com")
        try screen.set("password", to: "hunter2")
        try screen.send("confirm")
        // end doc
        #expect(await eventually { states.all == [false, true, false] })
        #expect(try screen.value(of: "login.elements") == .void)
        screen.stop()
        // Stopping finishes the sequence: the loop ends.
        try await watching.value
        #expect(states.all == [false, true, false])
    }

    @Test func callbacksAndTokens() async throws {
        let screen = try LiveScreen(path: loginPath)
        defer { screen.stop() }
        screen.start()
        let seen = Collected<Value>()
        // doc: callback
        let token = try screen.observe("login.enabled") { enabled in
            seen.append(enabled)   // on the thread that made the change; do not block here
        }
        try screen.set("email", to: "someone@example.com")
        try screen.set("password", to: "hunter2")
        token.cancel()
        // end doc
        #expect(seen.all == [.bool(false), .bool(true)])
    }

    @Test func errorsBecomeErrorValues() async throws {
        let screen = try LiveScreen(path: loginPath)
        defer { screen.stop() }
        // doc: errors
        struct Rejected: HTTPStatusError {
            var httpStatus: Int { 409 }
        }

        try screen.provide("auth.signIn") { (form: [String: String]) async throws in
            guard form["email"] != "taken@example.com" else { throw Rejected() }    // login.errors: http(409)
            guard form["password"] != "" else { throw ServiceFailure.decode("no password") }
            try await backend.signIn(email: form["email"] ?? "", password: form["password"] ?? "")
        }
        // end doc
        let errors = try screen.values(of: "login.errors")
        screen.start()
        try screen.set("email", to: "taken@example.com")
        try screen.set("password", to: "hunter2")
        try screen.send("confirm")
        var iterator = errors.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first.map { ValueFormatter.text($0) } == "http(409)")
    }

    @Test func valueLevelProviders() async throws {
        let screen = try LiveScreen(path: loginPath)
        defer { screen.stop() }
        // doc: values
        try screen.provide("auth.signIn", values: { request in
            print(request.service, request["email"] ?? .none)   // auth.signIn "someone@example.com"
            return .void
        })
        // end doc
        screen.start()
        try screen.set("email", to: "someone@example.com")
        try screen.set("password", to: "hunter2")
        try screen.send("confirm")
        #expect(await eventually { (try? screen.value(of: "login.executing")) == .bool(false) && (try? screen.value(of: "login.elements")) == .void })
    }

    @Test func executingARowsAction() throws {
        // doc: executeRow
        let screen = try LiveScreen(path: settingsPath)
        screen.start()
        try screen.executeRow("settings.save", row: .string("wifi"), .bool(true))   // save.execute(true)
        let saving = try screen.value(of: "saving", as: String.self)         // "wifi"
        let switches = try screen.value(of: "switches", as: String.self)     // "wifi=false, …": toggle did not fire
        try screen.executeRow("settings.save", row: .string("wifi"), .bool(true))   // executing: notEnabled
        // end doc
        defer { screen.stop() }
        #expect(saving == "wifi")
        #expect(switches == "wifi=false, bluetooth=false, location=false")
        // The refusal ran the row's `save.errors` handler (its switch flips) and the screen's.
        #expect(try screen.value(of: "failures") == .int(1))
        #expect(try screen.value(of: "switches") == .string("wifi=true, bluetooth=false, location=false"))
    }

    @Test func stopping() throws {
        let screen = try LiveScreen(path: loginPath)
        screen.start()
        // doc: stop
        screen.stop()   // timers dropped, calls cancelled, observations finished
        // end doc
        #expect(throws: LiveScreenError.self) { try screen.send("confirm") }
    }

    /// Every ```swift block of docs/embedding.md is one of the regions above, and every region is
    /// on the page (the page orders them for reading).
    @Test func thePageShowsTheseExamples() throws {
        let page = try String(contentsOfFile: PackagePaths.root + "/docs/embedding.md", encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let (blocks, regions) = (Self.blocks(page), Self.regions(source))
        for block in blocks where !regions.contains(block) { Issue.record("docs/embedding.md shows code no test runs:\n\(block)") }
        for region in regions where !blocks.contains(region) { Issue.record("docs/embedding.md does not show:\n\(region)") }
        #expect(blocks.count == regions.count)
        #expect(regions.count >= 8)
    }

    static func blocks(_ page: String) -> [String] {
        var out: [String] = []
        var current: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if current != nil, line.hasPrefix("```") {
                out.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            } else if line == "```swift" {
                current = []
            }
        }
        return out
    }

    static func regions(_ source: String) -> [String] {
        var out: [String] = []
        var current: [Substring]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("// doc: ") {
                current = []
            } else if trimmed == "// end doc", let body = current {
                let indent = body.filter { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                out.append(body.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return out
    }
}
