import SpecTesting
import Testing

/// Issue 27 item 1: the tools follow the feedback rule. A spec whose loops pass through a sampling
/// read (Tests/Fixtures/rx-chat.yaml) is drawn, covered, mutated and explored like any other.
@Suite("Feedback loops in the tools")
struct FeedbackCommandTests {
    @Test func graphCoverageAndMutateTakeTheChatFixture() throws {
        let chat = Fixtures.path("rx-chat.yaml")
        let graph = try CLI.run(["graph", chat])
        #expect(graph.status == 0)
        #expect(graph.stdout.contains("==>"))     // the handler's write back into what was sampled
        let coverage = try CLI.run(["coverage", chat])
        #expect(coverage.status == 0 && coverage.stdout.contains("covered"))
        let mutate = try CLI.run(["mutate", chat])
        #expect(mutate.status == 0 && mutate.stdout.contains("mutants killed"))
    }

    @Test func exploreFindsNoEmptyMessageSent() throws {
        let path = try CLI.temporarySpec("""
            screen: Chat
            inputs:
              draft: { type: String, default: "" }
              send: event
            state:
              sentCount: { type: Int, initial: 0 }
              lastSent: { type: String, initial: "" }
            outputs:
              outgoing:
                stream: send
                ops:
                  - withLatestFrom: draft
                  - filter: "!$0.isEmpty"
            handlers:
              - on: outgoing
                set: { draft: '""', sentCount: sentCount + 1, lastSent: outgoing }
            invariants:
              nothingEmptySent: "sentCount == 0 || !lastSent.isEmpty"
            explore:
              inputs:
                draft: ["", "hi"]
            """)
        let explored = try CLI.run(["explore", path])
        #expect(explored.status == 0, "\(explored.stdout)\(explored.stderr)")
        #expect(explored.stdout.contains("no invariant broken"))
    }
}
