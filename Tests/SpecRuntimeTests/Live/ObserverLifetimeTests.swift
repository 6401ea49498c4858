import Foundation
@testable import SpecRuntime
import Testing

/// An observer ends its own observation while it is being called: a node's one observer is
/// called unowned (`LiveObservers.dispatch`), so the table must keep it, and what its closure
/// captured, until the call returns, and release it then. (An unoptimized build retains the
/// closure around the call anyway, so the observer object itself is watched too.)
@Suite("Live observer lifetime")
struct ObserverLifetimeTests {
    /// Tells `released` when it is freed: the closure that captures it was released.
    private final class Probe: @unchecked Sendable {
        let released: Collected<Bool>
        init(_ released: Collected<Bool>) { self.released = released }
        deinit { released.append(true) }
    }

    /// The token an observer cancels from inside itself, set once `observe` returned.
    private final class TokenHolder: @unchecked Sendable {
        var token: ObservationToken?
    }

    /// The table's object for an observer, watched without keeping it.
    private final class Watched: @unchecked Sendable {
        weak var observer: LiveObserver?
    }

    @Test func anObserverThatCancelsItselfKeepsItsCapturesUntilItReturns() throws {
        let screen = try LiveScreen(spec: liveSpec(LiveScreenTests.login))
        defer { screen.stop() }
        screen.start()
        let released = Collected<Bool>()
        // Whether the observer and its captures were still there after it cancelled, and its values.
        let alive = Collected<Bool>()
        let values = Collected<Value>()
        let holder = TokenHolder()
        let watched = Watched()
        do {
            let probe = Probe(released)
            holder.token = try screen.observe("email") { [probe] value in
                values.append(value)
                // The current value comes before `observe` returns: no token yet.
                guard let token = holder.token else { return }
                token.cancel()
                alive.append(probe.released.all.isEmpty && watched.observer != nil)
            }
        }
        watched.observer = screen.observers[try screen.node("email").index].first
        // The change cancels; the next one is not seen.
        try screen.set("email", to: "bob")
        try screen.set("email", to: "cy")
        #expect(values.all == [.string(""), .string("bob")])
        #expect(alive.all == [true])
        #expect(released.all == [true])
        #expect(watched.observer == nil)
        #expect(screen.observers[try screen.node("email").index].isEmpty)
    }

    @Test func anObserverThatStopsTheScreenKeepsItsCapturesUntilItReturns() throws {
        let screen = try LiveScreen(spec: liveSpec(LiveScreenTests.login))
        defer { screen.stop() }
        screen.start()
        let released = Collected<Bool>()
        let alive = Collected<Bool>()
        let watched = Watched()
        do {
            let probe = Probe(released)
            try screen.observe("canLogin") { [probe, unowned screen] value in
                guard value == .bool(true) else { return }
                screen.stop()
                alive.append(probe.released.all.isEmpty && watched.observer != nil)
            }
        }
        watched.observer = screen.observers[try screen.node("canLogin").index].first
        try screen.set("email", to: "ann")
        #expect(alive.all == [true])
        #expect(released.all == [true])
        #expect(watched.observer == nil)
        #expect(throws: LiveScreenError.stopped) { try screen.set("email", to: "bob") }
    }
}
