import Foundation
@testable import SpecPreview
import SpecRuntime
import SpecTesting
import SpecTools
import Testing

/// The services panel: each service's next answer chosen among the answers `specrun explore`
/// chooses among, and with `--live` the backend's answers; a recording keeps them as the
/// scenario's `services:` override, so it replays them offline.
@Suite(.serialized)
struct PreviewServicesTests {
    static let orders = """
        screen: Orders
        inputs:
          place: event
        state:
          placed: { type: Int, initial: 0 }
          failure: { type: Error?, initial: null }
        actions:
          order:
            trigger: place
            work: { call: shop.order }
        handlers:
          - on: order.elements
            set: { placed: order.elements }
          - on: order.errors
            set: { failure: order.errors }
        explore:
          services:
            shop.order:
              - { value: 42 }
              - { fail: unknown, latency: 3s }
        services:
          shop.order:
            returns: Int
            latency: 1s
            results:
              - value: 1
              - { fail: http(503), latency: 200ms }
        scenarios:
          - name: orders once
            steps:
              - send: place
              - wait: 1s
              - expect: { placed: 1 }

        """

    func session(_ text: String, live: PreviewLive? = nil) throws -> (PreviewSession, String) {
        let path = try CLI.temporarySpec(text, name: "screen.yaml")
        return (try PreviewSession(path: path, live: live), path)
    }

    func value(_ session: PreviewSession, _ name: String) -> String? {
        session.sync { s in s.spec.node(named: name).flatMap { s.value(of: $0) }.map(ValueFormatter.text) }
    }

    @Test func theChoicesAreExploresAndTheSpecsAnswers() throws {
        let (session, _) = try session(Self.orders)
        let labels = session.sync { s in s.choices(0).map { s.label($0, of: 0) } }
        #expect(labels == ["as declared", "value: 42, after 1s", "fail: unknown, after 3s", "value: 1, after 1s", "fail: http(503), after 200ms",
                           "fail: decode, after 1s", "fail: timeout, after 1s", "fail: unknown, after 1s"])
    }

    @Test func aScenarioOverridesFailuresAndAnyHTTPStatusAreOffered() throws {
        let text = Self.orders + """
              - name: the shop refuses
                services:
                  shop.order: { fails: http(401), latency: 1s }
                steps:
                  - send: place
                  - wait: 1s
                  - expect: { failure: http(401) }

            """
        let (session, _) = try session(text)
        let labels = session.sync { s in s.choices(0).map { s.label($0, of: 0) } }
        let k = try #require(labels.firstIndex(of: "fail: http(401), after 1s"), "\(labels)")
        #expect(k < labels.firstIndex(of: "fail: decode, after 1s") ?? 0)
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"answer","name":"shop.order","choice":\#(k)}"#)
        session.receive(#"{"op":"step","verb":"send","target":"place"}"#)
        session.receive(#"{"op":"wait","ms":1000}"#)
        #expect(value(session, "failure") == "http(401)")
        // The last choice: http(N), its status given with it.
        let any = session.sync { $0.anyHTTPChoice(0) }
        #expect(any == labels.count)
        session.receive(#"{"op":"answer","name":"shop.order","choice":\#(any),"status":418}"#)
        #expect(session.sync { ($0.chosenIndex(0), $0.chosenStatus(0)) } == (any, 418))
        session.receive(#"{"op":"step","verb":"send","target":"place"}"#)
        session.receive(#"{"op":"wait","ms":1000}"#)
        #expect(value(session, "failure") == "http(418)")
        session.receive(#"{"op":"answer","name":"shop.order","choice":\#(any),"status":42}"#)
        #expect(session.sync { $0.error } == "an http failure needs a status from 100 to 999")
    }

    @Test func aChosenAnswerIsTheNextCallsAndIsRecordedAsAnOverride() throws {
        let (session, path) = try session(Self.orders)
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"record"}"#)
        session.receive(#"{"op":"answer","name":"shop.order","choice":4}"#)
        #expect(session.sync { $0.chosenIndex(0) } == 4)
        session.receive(#"{"op":"step","verb":"send","target":"place"}"#)
        // Taken by this call, and for this call only.
        #expect(session.sync { $0.chosenIndex(0) } == 0)
        session.receive(#"{"op":"wait","ms":200}"#)
        #expect(value(session, "failure") == "http(503)")
        session.receive(#"{"op":"expect","name":"failure"}"#)
        session.receive(#"{"op":"answer","name":"shop.order","choice":1}"#)
        session.receive(#"{"op":"step","verb":"send","target":"place"}"#)
        session.receive(#"{"op":"wait","ms":1000}"#)
        #expect(value(session, "placed") == "42")
        session.receive(#"{"op":"expect","name":"placed"}"#)
        session.receive(#"{"op":"stop","name":"chosen answers"}"#)
        #expect(session.sync { $0.error } == nil)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("""
              - name: "chosen answers"
                services:
                  shop.order:
                    results:
                      - { fail: http(503), latency: 200ms }
                      - { value: 42, latency: 1s }
                steps:
                  - send: place
                  - wait: 200ms
                  - expect: { failure: http(503) }
                  - send: place
                  - wait: 1s
                  - expect: { placed: 42 }
            """), "\(text)")
        // Played back as `specrun test` plays it: the same answers, every expectation held.
        let verified = SnapshotSuite.verify(specPath: path, filter: "chosen answers")
        #expect(verified.scenarios.count == 1)
        #expect(verified.scenarios.allSatisfy { !$0.status.isFailure }, "\(verified.scenarios.map(\.expectFailures))")
    }

    @Test func aChosenSequenceIsRecordedAsASequenceResult() throws {
        let text = Self.orders.replacingOccurrences(
            of: "      - { fail: http(503), latency: 200ms }\n",
            with: "      - { fail: http(503), latency: 200ms }\n      - sequence: [{ at: 100ms, value: 5 }, { at: 300ms, value: 6 }, { at: 400ms, complete: true }]\n")
        let (session, path) = try session(text)
        let labels = session.sync { s in s.choices(0).map { s.label($0, of: 0) } }
        let k = try #require(labels.firstIndex(of: "sequence of 3 events, after 1s"), "\(labels)")
        session.receive(#"{"op":"pause"}"#)
        session.receive(#"{"op":"record"}"#)
        session.receive(#"{"op":"answer","name":"shop.order","choice":\#(k)}"#)
        session.receive(#"{"op":"step","verb":"send","target":"place"}"#)
        session.receive(#"{"op":"wait","ms":400}"#)
        #expect(value(session, "placed") == "6")
        session.receive(#"{"op":"expect","name":"placed"}"#)
        session.receive(#"{"op":"expect","name":"order.executing"}"#)
        session.receive(#"{"op":"stop","name":"a sequence"}"#)
        #expect(session.sync { $0.error } == nil)
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("- { sequence: [{ at: 100ms, value: 5 }, { at: 300ms, value: 6 }, { at: 400ms, complete: true }] }"), "\(saved)")
        let verified = SnapshotSuite.verify(specPath: path, filter: "a sequence")
        #expect(verified.scenarios.count == 1)
        #expect(verified.scenarios.allSatisfy { !$0.status.isFailure }, "\(verified.scenarios.map(\.expectFailures))")
    }

    @Test func aBadChoiceIsReported() throws {
        let (session, _) = try session(Self.orders)
        session.receive(#"{"op":"answer","name":"shop.order","choice":9}"#)
        #expect(session.sync { $0.error } == "service 'shop.order' has no answer 9")
        session.receive(#"{"op":"answer","name":"nope","choice":0}"#)
        #expect(session.sync { $0.error } == "'nope' is not a service of this spec")
    }

    static let token = "tok-SECRET-4411"

    static let newsletter = """
        screen: Newsletter
        types:
          Subscription: { id: Int, status: Status, note: String? }
          Status: [active, pending]
        inputs:
          address: { type: String, default: "" }
          subscribe: event
        state:
          subscription: { type: Subscription?, initial: null }
        actions:
          join:
            trigger: subscribe
            work: { call: newsletter.subscribe, with: { address: address } }
        handlers:
          - on: join.elements
            set: { subscription: join.elements }
        services:
          newsletter.subscribe:
            returns: Subscription
            params: { address: String }
            latency: 500ms
            result: { id: 1, status: active }
            http:
              post: /subscriptions
              body: { address: address }
              headers: { Authorization: 'Bearer \\(env.NEWSLETTER_TOKEN)' }
        scenarios:
          - name: subscribes
            steps:
              - set: { address: "a@b.c" }
              - send: subscribe
              - wait: 500ms
              - expect: { subscription: { id: 1, status: active } }

        """

    @Test func liveAnswersAreACassetteThatReplaysOffline() async throws {
        // The backend echoes the secret back: the cassette must not keep it.
        let server = try LocalHTTPServer(routes: [
            "POST /subscriptions": .json(201, #"{"id": 7, "status": "pending", "note": "\#(Self.token)"}"#, delay: 0.3),
        ])
        let (session, path) = try session(Self.newsletter, live: PreviewLive(baseURL: server.baseURL, environment: ["NEWSLETTER_TOKEN": Self.token]))
        #expect(session.sync { s in s.choices(0).map { s.label($0, of: 0) } }.first == "the backend (live)")
        session.receive(#"{"op":"record"}"#)
        session.receive(#"{"op":"step","verb":"set","target":"address","value":"a@b.c"}"#)
        session.receive(#"{"op":"step","verb":"send","target":"subscribe"}"#)
        var polls = 12_000  // 600 s of 50 ms sleeps, counted: a wait for a free thread is not the bound's
        // Waiting without blocking a thread: the provider's call runs in a task of the same pool.
        while value(session, "subscription")?.contains("id: 7") != true && polls > 0 {
            try await Task.sleep(for: .milliseconds(50))
            polls -= 1
        }
        #expect(value(session, "subscription")?.contains("id: 7, status: .pending") == true, "\(value(session, "subscription") ?? "nil")")
        session.receive(#"{"op":"expect","name":"subscription"}"#)
        session.receive(#"{"op":"stop","name":"from the backend"}"#)
        #expect(session.sync { $0.error } == nil)
        #expect(server.requests.count == 1)
        server.stop()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains(Self.token), "\(text)")
        #expect(text.contains("""
                services:
                  newsletter.subscribe:
                    results:
                      - { value: { id: 7, status: pending, note: "•••" }, latency: 
            """), "\(text)")
        // Offline now: the cassette answers, and the recorded expectation holds.
        let verified = SnapshotSuite.verify(specPath: path, filter: "from the backend")
        #expect(verified.scenarios.count == 1)
        #expect(verified.scenarios.allSatisfy { !$0.status.isFailure }, "\(verified.scenarios.map(\.expectFailures))")
    }

    @Test func aLiveServiceCanBeGivenAChosenAnswer() throws {
        let server = try LocalHTTPServer(routes: ["POST /subscriptions": .json(201, #"{"id": 7, "status": "pending"}"#)])
        defer { server.stop() }
        let (session, _) = try session(Self.newsletter, live: PreviewLive(baseURL: server.baseURL, environment: ["NEWSLETTER_TOKEN": "t"]))
        session.receive(#"{"op":"pause"}"#)
        // Choice 1 is the declared answer: the fake gives it, the backend is not called.
        session.receive(#"{"op":"answer","name":"newsletter.subscribe","choice":1}"#)
        session.receive(#"{"op":"step","verb":"send","target":"subscribe"}"#)
        session.receive(#"{"op":"wait","ms":500}"#)
        #expect(value(session, "subscription") == "Subscription(id: 1, status: .active, note: nil)")
        #expect(server.requests.isEmpty)
    }

    @Test func aMissingSecretRefusesTheLivePreview() throws {
        let path = try CLI.temporarySpec(Self.newsletter, name: "screen.yaml")
        #expect(throws: PreviewError.self) { try PreviewSession(path: path, live: PreviewLive(baseURL: "http://127.0.0.1:9", environment: [:])) }
        do {
            _ = try PreviewSession(path: path, live: PreviewLive(baseURL: "http://127.0.0.1:9", environment: [:]))
        } catch {
            #expect(error.message.contains("NEWSLETTER_TOKEN"), "\(error.message)")
        }
    }
}
