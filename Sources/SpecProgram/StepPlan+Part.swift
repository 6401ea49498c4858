extension StepPlan {
    /// What a host does with a step: every kind is one of three.
    package enum Part: Equatable {
        /// Acts on the screen (`set`, `send`, `complete:`/`fail:`, an action, a gesture, an
        /// observer subscribed or disposed).
        case act
        /// Lets time pass (`wait:`), the host's own way.
        case wait(milliseconds: Int)
        /// Judges the screen now (`expect:` a value, an end or a `Bool` expression).
        case judge
    }

    /// The kinds of step, by name: a test that must cover every kind enumerates these (a new
    /// kind of ``Kind`` must be named here, or ``name`` does not compile).
    package enum Name: String, CaseIterable, Sendable {
        case set, send, execute, wait, expect, expectEnd, expectThat, expectCalls, end, endAction, gesture, sendRow, executeRow, subscribe, dispose
    }

    package var part: Part {
        switch kind {
        case .set, .send, .execute, .end, .endAction, .gesture, .sendRow, .executeRow, .subscribe, .dispose: .act
        case .wait(let ms): .wait(milliseconds: ms)
        case .expect, .expectEnd, .expectThat, .expectCalls: .judge
        }
    }

    package var name: Name {
        switch kind {
        case .set: .set
        case .send: .send
        case .execute: .execute
        case .wait: .wait
        case .expect: .expect
        case .expectEnd: .expectEnd
        case .expectThat: .expectThat
        case .expectCalls: .expectCalls
        case .end: .end
        case .endAction: .endAction
        case .gesture: .gesture
        case .sendRow: .sendRow
        case .executeRow: .executeRow
        case .subscribe: .subscribe
        case .dispose: .dispose
        }
    }
}
