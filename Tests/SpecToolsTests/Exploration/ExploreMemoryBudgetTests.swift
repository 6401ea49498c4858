import Foundation
import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import Testing

/// Issue 25, fault 9: `--max-states` bounded the number of states, not their bytes: states with
/// strings of 300 KB each reached 5.5 GB. `--max-memory` bounds the bytes the search keeps.
@Suite("explore: the memory budget")
struct ExploreMemoryBudgetTests {
    /// Three events that each append a letter to a string of `size` characters: every state holds
    /// a string of its own, and there are 3^k states at depth k.
    static func growing(_ size: Int) -> String {
        """
        screen: Big
        inputs:
          a: event
          b: event
          c: event
        state:
          text: { type: String, initial: "\(String(repeating: "x", count: size))" }
        handlers:
          - on: a
            set: { text: text + "a" }
          - on: b
            set: { text: text + "b" }
          - on: c
            set: { text: text + "c" }
        """
    }

    /// A large string no step changes, and a counter the events change.
    static func constant(_ size: Int) -> String {
        """
        screen: Shared
        inputs:
          a: event
          b: event
          c: event
        state:
          text: { type: String, initial: "\(String(repeating: "x", count: size))" }
          n: { type: Int, initial: 0 }
        handlers:
          - on: a
            set: { n: n * 3 + 1 }
          - on: b
            set: { n: n * 3 + 2 }
          - on: c
            set: { n: n * 3 + 3 }
        """
    }

    static func load(_ text: String) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: text, path: "big.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())")
    }

    @Test func largeStatesStopAtTheBudgetWithAMessage() throws {
        let spec = try Self.load(Self.growing(100_000))
        var options = ExploreOptions()
        options.maxMemory = 8 << 20
        let result = Explorer.explore(spec, options: options)
        #expect(result.stop == .maxMemory)
        #expect(result.memoryBytes >= 8 << 20)
        // Each saved state holds 100 KB: about 80 fit in 8 MiB, far fewer than the 1,093 in all.
        #expect(result.distinctStates > 40 && result.distinctStates < 200, "\(result.distinctStates)")
        let text = ExploreReport.text(result, specPath: "big.yaml")
        #expect(text.contains("stopped: the memory budget (--max-memory 8 MiB) was reached"), "\(text)")
        #expect(text.contains("\(result.distinctStates) distinct states"))
        #expect(ExploreReport.json(result, specPath: "big.yaml").contains("\"stop\":\"maxMemory\""))
    }

    /// The estimate is never below the strings the saved states hold.
    @Test func theEstimateCoversTheSavedStates() throws {
        let spec = try Self.load(Self.growing(50_000))
        var options = ExploreOptions()
        options.depth = 4
        let result = Explorer.explore(spec, options: options)
        #expect(result.stop == .depth && result.distinctStates == 121)
        // States of depth 0 to 3 are saved to be expanded: 1 + 3 + 9 + 27, each with its string.
        #expect(result.memoryBytes >= 40 * 50_000, "\(result.memoryBytes)")
    }

    /// A string every state shares is counted once, not once per state.
    @Test func sharedStorageIsCountedOnce() throws {
        let spec = try Self.load(Self.constant(100_000))
        var options = ExploreOptions()
        options.maxMemory = 16 << 20
        let result = Explorer.explore(spec, options: options)
        #expect(result.stop == .depth && result.distinctStates == 1093, "\(result.stop) \(result.distinctStates)")
        // The search's estimate: the resident memory `memoryBytes` also reads grows with
        // whatever else the process runs (other tests, in parallel).
        #expect(result.heldBytes < 4 << 20, "\(result.heldBytes)")
    }

    @Test func sizesAreReadAndPrinted() {
        #expect(ByteCount.parse("512MB") == 512_000_000)
        #expect(ByteCount.parse("512MiB") == 512 << 20)
        #expect(ByteCount.parse("1GiB") == 1 << 30)
        #expect(ByteCount.parse("1g") == 1 << 30)
        #expect(ByteCount.parse("1.5 GB") == 1_500_000_000)
        #expect(ByteCount.parse("300000") == 300_000)
        for bad in ["", "0", "-1MB", "12x", "MB", "1e999", "99999999999TB"] { #expect(ByteCount.parse(bad) == nil, "\(bad)") }
        #expect(ByteCount.text(1 << 30) == "1 GiB")
        #expect(ByteCount.text(3 << 19) == "1.5 MiB")
        #expect(ByteCount.text(100) == "100 bytes")
    }
}
