import Foundation
@testable import SpecTools
import Testing

/// `--max-memory` is reached when the search's estimate reaches it or when the process's resident
/// memory grew by as much since the search began (read every `MemoryGauge.interval` states): an
/// estimate that is low cannot let the search run past the budget.
@Suite("explore: the memory gauge")
struct MemoryGaugeTests {
    @Test func residentMemoryIsRead() throws {
        #if os(Linux) || canImport(Darwin)
        let resident = try #require(MemoryGauge.resident())
        #expect(resident > 1 << 20)
        #endif
    }

    @Test func theEstimateStopsAtOnce() {
        var gauge = MemoryGauge()
        let atBudget = gauge.reached(100, estimate: 100, states: 1)
        let below = gauge.reached(100, estimate: 99, states: 1)
        #expect(atBudget && !below)
    }

    @Test func measuredGrowthStopsALowEstimate() throws {
        #if os(Linux) || canImport(Darwin)
        var gauge = MemoryGauge()
        // 64 MiB written, so resident: the estimate says nothing of it.
        let held = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 20, alignment: 4096)
        defer { held.deallocate() }
        for page in stride(from: 0, to: held.count, by: 4096) { held[page] = 1 }
        // Read only every `interval` states.
        let early = gauge.reached(32 << 20, estimate: 0, states: MemoryGauge.interval - 1)
        let read = gauge.reached(32 << 20, estimate: 0, states: MemoryGauge.interval)
        #expect(!early && read)
        #expect(gauge.measured >= 32 << 20)
        #endif
    }
}
