import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 27 items 1 and 2: feedback is not a cycle. A read that samples (`withLatestFrom`, a node
/// read in an operator) and a handler's write make a loop that runs in order: the read sees the
/// value before the write, and the write propagates after, as a subscriber's `accept` does. Each
/// expected timeline is what RxSwift gives with the stream subscribed before the handler
/// (`send.withLatestFrom(draft).do(onNext: { _ in draft.accept("") })`), one tick a millisecond.
@Suite("Feedback through a sampling read is a loop run in order")
struct FeedbackTests {
    @Test("the chat fixture: a handler clears the draft its stream sampled and bumps the id its map read")
    func chat() throws {
        let r = try TimelineRecorder(Fixtures.text("rx-chat.yaml"))
        r.set("draft", .string("hello"))
        r.send("send")
        try r.wait(10)
        r.send("send")                       // the draft is empty now: filtered out
        r.set("draft", .string("again"))
        r.send("send")
        let hello = Value.record(RecordValue(type: "Message", fieldNames: ["id", "text"], fields: [.int(1), .string("hello")]))
        let again = Value.record(RecordValue(type: "Message", fieldNames: ["id", "text"], fields: [.int(2), .string("again")]))
        #expect(r.recorded("outgoing") == [next(0, hello), next(10, again)])
        #expect(r.recorded("nextId") == [next(0, 1), next(0, 2), next(10, 3)])
        #expect(r.graph.value(of: try r.node("draft")) == .string(""))
        #expect(r.graph.value(of: try r.node("messages")) == .list([hello, again]))
    }

    @Test("a tap filtered by the executing state its own action sets")
    func retryFilteredByExecuting() throws {
        let r = try TimelineRecorder(Fixtures.text("rx-chat.yaml"))
        r.send("retry")
        r.send("retry")                      // executing: dropped by the filter, no notEnabled
        try r.wait(100)
        r.send("retry")
        #expect(r.recorded("toDeliver") == [next(0, .void), next(100, .void)])
        #expect(r.recorded("deliver.errors") == [])
        #expect(r.recorded("deliver.executing") == [next(0, false), next(0, true), next(100, false), next(100, true)])
    }

    @Test("one gesture writes what a stream samples: the sample sees the value when the gesture happened")
    func gestureWritesWhatIsSampled() throws {
        // The checker warns of both samples: RxSwift gives this timeline only when the streams
        // subscribe before the handler (ValueBeforeHandlerTests.swift).
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              draft: { type: String, default: "" }
              send: event
            state:
              counter: { type: Int, initial: 0 }
            handlers:
              - on: send
                set: { draft: '""', counter: counter + 1 }
            outputs:
              outgoing: { stream: send, ops: [ { withLatestFrom: draft } ] }
              numbered: { stream: send, ops: [ { map: counter } ] }
              sampled: { stream: draft, ops: [ { sample: send } ] }
              length: draft.count

            """, warned: ["value-before-handler", "value-before-handler"])
        r.set("draft", .string("hello"))
        r.send("send")
        #expect(r.recorded("outgoing") == [next(0, "hello")])
        #expect(r.recorded("numbered") == [next(0, 0)])
        #expect(r.recorded("sampled") == [next(0, "hello")])
        // A derived output is a value, not a sample: it sees the write at once.
        #expect(r.recorded("length") == [next(0, 0), next(0, 5), next(0, 0)])
        // The next gesture samples the cleared draft and the bumped counter.
        r.send("send")
        #expect(r.recorded("outgoing") == [next(0, "hello"), next(0, "")])
        #expect(r.recorded("numbered") == [next(0, 0), next(0, 1)])
    }

    @Test("the view's own write in a gesture is seen by the sample, as before (glitch-freedom)")
    func directWriteIsSeen() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              price: { type: Int, default: 1 }
              tap: event
            outputs:
              paid: { stream: tap, ops: [ { withLatestFrom: price } ] }

            """)
        r.graph.perform(writes: [try r.node("price")], events: [try r.node("tap")], actions: [], payload: .int(7))
        #expect(r.recorded("paid") == [next(0, 7)])
    }

    @Test("a true instantaneous cycle stays an error that says how to break it")
    func trueCycle() {
        let loaded = SpecLoader.load(text: """
            screen: S
            inputs:
              send: event
            state:
              total: { type: Int, initial: 0 }
            outputs:
              doubled: total * 2
            handlers:
              - on: doubled
                set: { total: doubled + 1 }
            """, path: "t.yaml")
        #expect(loaded.diagnostics.map(\.description) == ["t.yaml:7:3: error: dependency cycle: 'doubled' -> 'total' -> 'doubled'"])
        #expect(loaded.diagnostics.first?.fixIt?.contains("withLatestFrom") == true)
    }
}
