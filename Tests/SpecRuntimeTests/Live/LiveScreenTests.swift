import Foundation
import ScreenSpec
@testable import SpecRuntime
import Testing

/// A spec running for real: the live clock, closures as services, faults of the closures, and
/// `stop()` leaving nothing behind. Real time with generous bounds; no sleep asserts a timing.
@Suite("Live screen")
struct LiveScreenTests {
    static let login = login(timeout: nil)

    /// The login form; its `auth.signIn` fails after `timeout` when a live provider is slower.
    /// Only the test about timeouts sets one: the tests run in parallel on a pool of as many
    /// threads as cores, and a busy pool can keep a provider's task waiting for seconds.
    static func login(timeout: String?) -> String { """
        screen: Login
        inputs:
          email: { type: String, default: "" }
          confirm: event
        outputs:
          canLogin: email.count >= 3
        actions:
          login:
            trigger: confirm
            enabledIf: canLogin
            work: { call: auth.signIn, with: { email: email } }
        services:
          auth.signIn:
            returns: Int
            params: { email: String }
            latency: 50ms
            result: 7
            \(timeout.map { "timeout: " + $0 } ?? "")

        """
    }

    struct SignIn: Codable, Sendable {
        var email: String
    }

    /// A started screen and the values of `login.elements` and `login.errors` it emits.
    private func started(timeout: String? = nil, _ configure: (LiveScreen) throws -> Void = { _ in }) throws -> (LiveScreen, Collected<Value>) {
        let screen = try LiveScreen(spec: liveSpec(Self.login(timeout: timeout)))
        try configure(screen)
        let seen = Collected<Value>()
        try screen.observe("login.elements") { seen.append($0) }
        try screen.observe("login.errors") { seen.append($0) }
        screen.start()
        try screen.set("email", to: "ann@example.com")
        return (screen, seen)
    }

    /// The fake answers 50 ms of real time after the call, never earlier. Whether `executing` is
    /// still true when the test reads it depends on how long this thread waited for a core (on a
    /// loaded machine, more than 50 ms), so it is observed, not read at once.
    @Test func theFakeAnswersOnRealTime() async throws {
        let executing = Collected<Value>()
        let (screen, seen) = try started { try $0.observe("login.executing") { executing.append($0) } }
        defer { screen.stop() }
        let sentAt = screen.milliseconds
        try screen.send("confirm")
        #expect(await eventually { !seen.all.isEmpty })
        #expect(seen.all == [.int(7)])
        // The fake's 50ms latency is real time now: never earlier.
        #expect(screen.milliseconds - sentAt >= 50)
        #expect(await eventually { (try? screen.value(of: "login.executing")) == .bool(false) })
        #expect(executing.all.suffix(2) == [.bool(true), .bool(false)], "\(executing.all)")
    }

    @Test func aClosureAnswersWithTypedValues() async throws {
        let emails = Collected<String>()
        let (screen, seen) = try started { screen in
            try screen.provide("auth.signIn") { (form: SignIn) async throws -> Int in
                emails.append(form.email)
                return 42
            }
        }
        defer { screen.stop() }
        try screen.send("confirm")
        #expect(await eventually { !seen.all.isEmpty })
        #expect(seen.all == [.int(42)])
        #expect(emails.all == ["ann@example.com"])
        #expect(await eventually { (try? screen.value(of: "login.executing")) == .bool(false) })
    }

    struct Conflict: HTTPStatusError, CustomStringConvertible {
        var httpStatus: Int { 409 }
        var description: String { "taken" }
    }

    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    @Test(arguments: [
        (0, ErrorValue(.http, status: 503, message: "down")),
        (1, ErrorValue(.http, status: 409, message: "taken")),
        (2, ErrorValue(.unknown, message: "the disk is full")),
    ])
    func aClosureThatThrowsGivesTheSpecsErrorValue(kind: Int, expected: ErrorValue) async throws {
        let (screen, seen) = try started { screen in
            try screen.provide("auth.signIn") { (_: SignIn) async throws -> Int in
                switch kind {
                case 0: throw ServiceFailure.http(503, message: "down")
                case 1: throw Conflict()
                default: throw DiskFull()
                }
            }
        }
        defer { screen.stop() }
        try screen.send("confirm")
        #expect(await eventually { !seen.all.isEmpty })
        #expect(seen.all == [.error(expected)])
        #expect(await eventually { (try? screen.value(of: "login.executing")) == .bool(false) })
    }

    @Test func anAnswerOfTheWrongShapeIsADecodeError() async throws {
        let (screen, seen) = try started { screen in
            try screen.provide("auth.signIn", values: { _ in .string("seven") })
        }
        defer { screen.stop() }
        try screen.send("confirm")
        #expect(await eventually { !seen.all.isEmpty })
        #expect(seen.all == [.error(ErrorValue(.decode, message: "the answer should be 'Int' but is \"seven\""))])
    }

    @Test func aClosureThatNeverAnswersTimesOut() async throws {
        let cancelled = Collected<Bool>()
        let (screen, seen) = try started(timeout: "300ms") { screen in
            try screen.provide("auth.signIn") { (_: SignIn) async throws -> Int in
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    cancelled.append(true)
                    throw error
                }
                return 1
            }
        }
        defer { screen.stop() }
        try screen.send("confirm")
        #expect(await eventually { !seen.all.isEmpty })
        #expect(seen.all == [.error(ErrorValue(.unknown, message: "'auth.signIn' did not answer within 300ms"))])
        // The timeout cancelled the task: it ends, and nothing is in flight.
        #expect(await eventually { screen.calls.tasks.count == 0 })
        #expect(cancelled.all == [true])
        #expect(screen.callsInFlight == 0)
    }

    @Test func anAnswerAfterStopIsDropped() async throws {
        let latch = Latch()
        let (screen, seen) = try started { screen in
            // Ignores cancellation: answers only when the test lets it, after stop().
            try screen.provide("auth.signIn") { (_: SignIn) async -> Int in
                await latch.wait()
                return 5
            }
        }
        try screen.send("confirm")
        #expect(screen.callsInFlight == 1)
        screen.stop()
        #expect(screen.callsInFlight == 0)
        latch.release()
        #expect(await eventually { screen.calls.tasks.count == 0 })
        #expect(seen.all.isEmpty)
    }

    @Test func stopCancelsEveryCallInFlightAndLeavesNoTask() async throws {
        let spec = try liveSpec("""
            screen: Many
            inputs:
              query: String
            outputs:
              results:
                stream: query
                ops:
                  - flatMap: { call: search, with: { q: $0 } }
            services:
              search:
                returns: Int
                params: { q: String }
                result: 0

            """)
        let screen = try LiveScreen(spec: spec)
        let cancelled = Collected<String>()
        try screen.provide("search") { (args: [String: String]) async throws -> Int in
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                cancelled.append(args["q"] ?? "?")
                throw error
            }
            return 1
        }
        let ended = Collected<Bool>()
        let values = try screen.values(of: "results")
        let consumer = Task {
            for await _ in values {}
            ended.append(true)
        }
        screen.start()
        for q in ["a", "b", "c", "d", "e"] { try screen.send("query", .string(q)) }
        #expect(screen.callsInFlight == 5)
        #expect(await eventually { screen.calls.tasks.count == 5 })
        screen.stop()
        #expect(screen.callsInFlight == 0)
        #expect(await eventually { screen.calls.tasks.count == 0 })
        #expect(Set(cancelled.all) == ["a", "b", "c", "d", "e"])
        // The observation ended with the screen.
        await consumer.value
        #expect(ended.all == [true])
        #expect(throws: LiveScreenError.stopped) { try screen.send("query", .string("f")) }
    }

    @Test func stopBreaksTheCyclesClosuresMake() async throws {
        weak var weakScreen: LiveScreen?
        do {
            let screen = try LiveScreen(spec: liveSpec(Self.login))
            weakScreen = screen
            // Both closures hold the screen that holds them: cycles until stop() lets go.
            try screen.provide("auth.signIn") { (_: SignIn) async -> Int in screen.milliseconds }
            try screen.observe("canLogin") { _ in _ = screen.milliseconds }
            screen.start()
            try screen.set("email", to: "ann")
            try screen.send("confirm")
            #expect(await eventually { (try? screen.value(of: "login.executing")) == .bool(false) })
            screen.stop()
        }
        #expect(await eventually { weakScreen == nil })
    }

    @Test func flatMapLatestCancelsTheCallItLeaves() async throws {
        let spec = try liveSpec("""
            screen: Search
            inputs:
              query: String
            outputs:
              results:
                stream: query
                ops:
                  - flatMapLatest: { call: search, with: { q: $0 } }

            services:
              search:
                returns: String
                params: { q: String }
                echo: q

            """)
        let screen = try LiveScreen(spec: spec)
        defer { screen.stop() }
        let cancelled = Collected<String>()
        let latch = Latch()
        try screen.provide("search", values: { request in
            let q = request["q"] ?? .none
            if q == .string("slow") {
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    cancelled.append("slow")
                    throw error
                }
            }
            await latch.wait()
            return q
        })
        let seen = Collected<Value>()
        try screen.observe("results") { seen.append($0) }
        screen.start()
        try screen.send("query", .string("slow"))
        #expect(await eventually { screen.calls.tasks.count == 1 })
        try screen.send("query", .string("fast"))
        // The switch cancelled the slow call's task at once.
        #expect(await eventually { cancelled.all == ["slow"] })
        latch.release()
        #expect(await eventually { seen.all == [.string("fast")] })
        #expect(await eventually { screen.calls.tasks.count == 0 })
    }

    @Test func timersRunOnRealTime() async throws {
        let spec = try liveSpec("""
            screen: Ticks
            outputs:
              ticks:
                interval: 20ms
                ops:
                  - take: 3

            """)
        let screen = try LiveScreen(spec: spec)
        defer { screen.stop() }
        let seen = Collected<(Int, Value)>()
        try screen.observe("ticks") { [unowned screen] value in seen.append((screen.milliseconds, value)) }
        screen.start()
        #expect(await eventually { seen.all.count == 3 })
        #expect(seen.all.map(\.1) == [.int(0), .int(1), .int(2)])
        // Each tick at or after its due time on real time (20, 40, 60 ms), never before.
        for (k, tick) in seen.all.enumerated() { #expect(tick.0 >= 20 * (k + 1)) }
    }

    @Test func badNamesAndValuesThrow() throws {
        let screen = try LiveScreen(spec: liveSpec(Self.login))
        defer { screen.stop() }
        #expect(throws: LiveScreenError("the screen has not started; call 'start()' first")) { try screen.set("email", to: "x") }
        screen.start()
        #expect(throws: LiveScreenError("the screen has no input, state or output 'emial'; did you mean 'email'?")) {
            try screen.set("emial", to: "x")
        }
        #expect(throws: LiveScreenError("'email' takes 'String': the value should be 'String' but is 3")) { try screen.set("email", to: .int(3)) }
        #expect(throws: LiveScreenError("'canLogin' is not an input; only inputs and state can be set")) { try screen.set("canLogin", to: .bool(true)) }
        #expect(throws: LiveScreenError("'email' is an input; only event and value inputs can be sent")) { try screen.send("email") }
        #expect(throws: LiveScreenError("the screen has no action 'logon'; did you mean 'login'?")) { try screen.execute("logon") }
        #expect(throws: LiveScreenError("the screen has no service 'auth.signOut'; did you mean 'auth.signIn'?")) {
            try screen.provide("auth.signOut") { () async in }
        }
        #expect(throws: LiveScreenError("the screen has no parameter 'user'")) { _ = try LiveScreen(spec: liveSpec(Self.login), params: ["user": .int(1)]) }
    }

    @Test func observersGetTheCurrentValueThenEachChange() async throws {
        let screen = try LiveScreen(spec: liveSpec(Self.login))
        defer { screen.stop() }
        screen.start()
        var values = try screen.values(of: "canLogin", as: Bool.self).makeAsyncIterator()
        #expect(try await values.next() == false)
        try screen.set("email", to: "ann")
        #expect(try await values.next() == true)
        try screen.set("email", to: "an")
        #expect(try await values.next() == false)
        // Inputs can be observed too (the timeline does not show them).
        let emails = Collected<Value>()
        let token = try screen.observe("email") { emails.append($0) }
        try screen.set("email", to: "bob")
        token.cancel()
        try screen.set("email", to: "cy")
        #expect(emails.all == [.string("an"), .string("bob")])
        #expect(screen.observers[try screen.node("email").index].isEmpty)
    }

    @Test func aStreamsPastElementsAreNotReplayedToANewObserver() async throws {
        let (screen, seen) = try started { screen in
            try screen.provide("auth.signIn") { (_: SignIn) async throws -> Int in throw ServiceFailure.http(500) }
        }
        defer { screen.stop() }
        try screen.send("confirm")
        #expect(await eventually { seen.all.count == 1 })
        let later = Collected<Value>()
        try screen.observe("login.errors") { later.append($0) }
        #expect(later.all.isEmpty)
        // The latest element stays readable.
        #expect(try screen.value(of: "login.errors") == .error(ErrorValue(.http, status: 500)))
    }

    @Test func aWriteFromAnObserverIsItsOwnTransactionAfterTheCurrentOne() async throws {
        let screen = try LiveScreen(spec: liveSpec(Self.login))
        defer { screen.stop() }
        let seen = Collected<Value>()
        try screen.observe("canLogin") { [unowned screen] value in
            seen.append(value)
            // Reading inside a callback sees the transaction's values; a write waits for its end.
            if value == .bool(true) { try? screen.set("email", to: "x") }
        }
        screen.start()
        try screen.set("email", to: "ann")
        #expect(seen.all == [.bool(false), .bool(true), .bool(false)])
        #expect(try screen.value(of: "email") == .string("x"))
    }
}
