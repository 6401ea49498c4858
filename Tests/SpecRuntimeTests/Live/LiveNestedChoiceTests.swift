import Foundation
import ScreenSpec
@testable import SpecRuntime
import Testing

/// A nested choice on a live screen: the branches that answer at once answer at once, the deep
/// one calls the app's provider, and an element that takes another branch cancels that call, as
/// RxSwift's `flatMapLatest { u in u == saved ? .just(…) : u.isEmpty ? .just(…) : api.check(u) }` does.
@Suite struct LiveNestedChoiceTests {
    @Test func theDeepBranchCallsTheProviderAndAnotherBranchCancelsIt() async throws {
        let spec = try liveSpec("""
            screen: Username
            inputs:
              username: String
            outputs:
              availability:
                stream: username
                ops:
                  - flatMapLatest:
                      if: $0 == "ada"
                      then: { just: '"unchanged"' }
                      else:
                        if: $0.isEmpty
                        then: { just: '"invalid"' }
                        else: { call: users.check, with: { username: $0 } }
            services:
              users.check:
                returns: String
                params: { username: String }
                echo: username
            """)
        let screen = try LiveScreen(spec: spec)
        defer { screen.stop() }
        let cancelled = Collected<String>()
        let latch = Latch()
        try screen.provide("users.check", values: { request in
            let name = request["username"] ?? .none
            if name == .string("slow") {
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    cancelled.append("slow")
                    throw error
                }
            }
            await latch.wait()
            return name
        })
        let seen = Collected<Value>()
        try screen.observe("availability") { seen.append($0) }
        screen.start()
        try screen.send("username", .string("ada"))
        try screen.send("username", .string(""))
        #expect(await eventually { seen.all == [.string("unchanged"), .string("invalid")] })
        try screen.send("username", .string("slow"))
        #expect(await eventually { screen.calls.tasks.count == 1 })
        // Back to the saved name: the outer branch answers at once and the call is cancelled.
        try screen.send("username", .string("ada"))
        #expect(await eventually { cancelled.all == ["slow"] })
        try screen.send("username", .string("grace"))
        latch.release()
        #expect(await eventually { seen.all.count == 4 })
        #expect(seen.all == [.string("unchanged"), .string("invalid"), .string("unchanged"), .string("grace")])
        #expect(await eventually { screen.calls.tasks.count == 0 })
    }
}
