import RxConformance
import RxSwift
import Testing

/// The adapter's time: RxTest's `TestScheduler` at one tick a millisecond, moved by the runner.
@MainActor
struct RxTestTimeTests {
    @Test func advancingRunsEachItemAtItsInstant() async {
        let time = RxTestTime()
        var seen: [Int] = []
        _ = Observable<Int>.timer(.milliseconds(300), scheduler: time.scheduler).subscribe(onNext: { _ in seen.append(time.milliseconds) })
        _ = Observable<Int>.timer(.milliseconds(120), scheduler: time.scheduler).subscribe(onNext: { _ in seen.append(time.milliseconds) })
        await time.advance(to: 299)
        #expect(seen == [120])
        #expect(time.milliseconds == 299)
        await time.advance(to: 1000)
        #expect(seen == [120, 300])
        #expect(time.milliseconds == 1000)
        // Never back.
        await time.advance(to: 10)
        #expect(time.milliseconds == 1000)
    }

    @Test func feedingRunsNowThroughTheScheduler() async {
        let time = RxTestTime()
        await time.advance(to: 40)
        var at: Int?
        time.feed { at = time.milliseconds }
        #expect(at == 40)
    }

    @Test func aSleepEndsWhenItsInstantComesAndCancellingItThrows() async {
        let time = RxTestTime()
        var woke: Int?
        let sleeper = Task { @MainActor in
            try await time.sleep(milliseconds: 500)
            woke = time.milliseconds
        }
        for _ in 0..<10 { await Task.yield() }
        await time.advance(to: 499)
        for _ in 0..<10 { await Task.yield() }
        #expect(woke == nil)
        await time.advance(to: 500)
        _ = await sleeper.result
        #expect(woke == 500)

        let cancelled = Task { @MainActor in try await time.sleep(milliseconds: 100) }
        for _ in 0..<10 { await Task.yield() }
        cancelled.cancel()
        let result = await cancelled.result
        #expect(throws: CancellationError.self) { try result.get() }
    }
}
