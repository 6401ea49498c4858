import Benchmark
import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools
import SpecWorkloads

// The benchmarks of issue 6, each measuring the same work side by side. Run with
//   swift package --package-path Benchmarks benchmark
// and see docs/performance.md for what each one does and the results on a stated machine.

/// Stops the run when a variant did not do the work it should have (so no result is reported).
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("benchmark check failed: \(message())\n".utf8))
        exit(70)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 10
    )

    // MARK: 1. login graph: interpreted vs Observation vs plain closures, 1,000,000 changes each

    let loginSpec = Specs.load(path: RepositoryPaths.loginSpec)
    let changes = 1_000_000
    let expected = LoginWorkload.expectedEmissions(changes)
    // The three variants must do equal work: check their emissions once, on a shorter run.
    let small = [InterpretedLogin(spec: loginSpec).run(changes: 10_000), ObservationLogin().run(changes: 10_000),
                 ClosureLogin().run(changes: 10_000)]
    require(small.allSatisfy { $0 == LoginWorkload.expectedEmissions(10_000) }, "login variants emitted \(small)")

    let login: Benchmark.Configuration = .init(scalingFactor: .mega)
    let liveLogin = LiveLogin(spec: loginSpec)
    liveLogin.flipBack()   // it starts with the long email: the first flip must be a change

    Benchmark("login graph: interpreted spec", configuration: login) { benchmark in
        let graph = InterpretedLogin(spec: loginSpec)
        benchmark.startMeasurement()
        let emitted = graph.run(changes: benchmark.scaledIterations.count)
        benchmark.stopMeasurement()
        require(emitted == expected, "interpreted login emitted \(emitted), expected \(expected)")
    }

    Benchmark("login graph: Observation view model", configuration: login) { benchmark in
        let model = ObservationLogin()
        benchmark.startMeasurement()
        let emitted = model.run(changes: benchmark.scaledIterations.count)
        benchmark.stopMeasurement()
        require(emitted == expected, "Observation login emitted \(emitted), expected \(expected)")
    }

    Benchmark("login graph: plain closures", configuration: login) { benchmark in
        let closures = ClosureLogin()
        benchmark.startMeasurement()
        let emitted = closures.run(changes: benchmark.scaledIterations.count)
        benchmark.stopMeasurement()
        require(emitted == expected, "closure login emitted \(emitted), expected \(expected)")
    }

    // MARK: live screen: an input to its observed output, within one process (issue 19: p99 < 100 µs)

    // One sample per iteration: an email change that flips `canLogin`, from just before `set` to
    // the return of `set`, by which the `canLogin` observer has run (an input runs its transaction
    // and calls the observers on the caller's thread). The change back is not measured.
    Benchmark("live login: input to observed output", configuration: .init(
        metrics: [.wallClock], warmupIterations: 1000, scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 100_000
    )) { benchmark in
        let live = liveLogin
        benchmark.startMeasurement()
        let seen = live.flip()
        benchmark.stopMeasurement()
        require(seen, "the canLogin observer did not see the change")
        live.flipBack()
    }

    // MARK: allocations per event: a tap stream, a handler, Int and Bool cells

    let counterSpec = Specs.load(path: RepositoryPaths.root + "/Benchmarks/Specs/counter.yaml")
    Benchmark("counter taps: event + handler + Int/Bool outputs", configuration: .init(scalingFactor: .mega)) { benchmark in
        let counter = CounterWorkload(spec: counterSpec)
        benchmark.startMeasurement()
        let emitted = counter.run(taps: benchmark.scaledIterations.count)
        benchmark.stopMeasurement()
        require(emitted == 3 * benchmark.scaledIterations.count, "counter emitted \(emitted)")
    }

    // MARK: exploration (issue 15), on specs/login.yaml, run with the login group above

    Benchmark("explore login: random walks", configuration: .init(scalingFactor: .mega)) { benchmark in
        let steps = benchmark.scaledIterations.count
        benchmark.startMeasurement()
        let result = ExploreWorkload.random(loginSpec, steps: steps)
        benchmark.stopMeasurement()
        require(result.transitions == steps && result.stop != .violation, "random exploration took \(result.transitions) steps, stopped by \(result.stop)")
    }

    // The first 10,000 distinct states of login.yaml with 40 values per input (10,086 in all;
    // the spec's own `explore:` reaches all its 144 states within depth 6): one search per
    // iteration; states per second is 10,000 / its time.
    let wideLogin = ExploreWorkload.wideLogin(values: 40)
    Benchmark("explore login: breadth-first, 10,000 distinct states", configuration: .init(maxIterations: 10)) { benchmark in
        benchmark.startMeasurement()
        let result = ExploreWorkload.breadthFirst(wideLogin, depth: 20, states: 10_000)
        benchmark.stopMeasurement()
        require(result.distinctStates == 10_000 && result.stop != .violation, "bfs reached \(result.distinctStates) states, stop \(result.stop)")
    }

    // MARK: 2. list paging: load-more through an action and a handler, to 10,000 items

    // specs/list.yaml, its service answering a page of 20 repositories every time.
    let listSpec = ListPagingWorkload.spec()
    for items in [1_000, 10_000] {
        Benchmark("list paging: \(items) items") { _ in
            blackHole(ListPagingWorkload.run(listSpec, items: items))
        }
    }

    // MARK: issue 20: many requests pending at once, linear from 1,000 to 100,000

    let manyRequests = Specs.load(text: ManyRequestsWorkload.spec, path: "many-requests.yaml")
    for requests in [1_000, 10_000, 100_000] {
        Benchmark("many requests: \(requests) pending at once", configuration: .init(maxIterations: 10)) { _ in
            blackHole(ManyRequestsWorkload.run(manyRequests, requests: requests))
        }
    }

    // MARK: 3. load and check: parse + check + compile generated specs

    for (shape, sizes) in [("wide", [1_000, 10_000]), ("chain", [2_000, 20_000])] {
        for outputs in sizes {
            let text = shape == "wide" ? SpecGenerator.wide(outputs: outputs) : SpecGenerator.chain(outputs: outputs)
            Benchmark("load+check+compile: \(shape) \(outputs) outputs") { _ in
                let spec = Specs.load(text: text, path: "\(shape)-\(outputs).yaml")
                blackHole(ScreenGraph(spec: spec))
            }
        }
    }

    // MARK: issue 11: mutation testing and coverage

    Benchmark("mutate: specs/login.yaml") { benchmark in
        for _ in benchmark.scaledIterations {
            let result = TrustWorkloads.mutate(specPath: RepositoryPaths.loginSpec)
            require(result.scored > 0 && result.killed == result.scored, "login mutants: \(result)")
        }
    }
    // Issue 22: how the cost of mutation grows with the spec (see docs/performance.md).
    let wideFolder = RepositoryPaths.temporaryFolder("benchmark-mutate")
    for outputs in [100, 300, 1_000] {
        Benchmark("mutate: wide spec of \(outputs) outputs", configuration: .init(maxIterations: 5)) { benchmark in
            for _ in benchmark.scaledIterations {
                let result = TrustWorkloads.mutateWide(outputs: outputs, in: wideFolder)
                require(result.scored > 0, "wide \(outputs): \(result)")
            }
        }
    }
    let playRounds = 1_000
    let plain = TrustWorkloads.play(loginSpec, rounds: 1, coverage: false)
    require(plain == TrustWorkloads.play(loginSpec, rounds: 1, coverage: true), "coverage changed the login timelines' length")
    for coverage in [false, true] {
        Benchmark("play login scenarios x\(playRounds): \(coverage ? "with" : "without") coverage") { _ in
            blackHole(TrustWorkloads.play(loginSpec, rounds: playRounds, coverage: coverage))
        }
    }

    // MARK: 4. end to end: what `specrun run SPEC > FILE` does, on scenarios of 10,000 and 100,000 steps

    let folder = RepositoryPaths.temporaryFolder("e2e")
    for steps in [10_000, 100_000] {
        let path = EndToEnd.writeScenario(steps: steps, in: folder)
        Benchmark("end to end: \(steps) steps") { _ in
            blackHole(EndToEnd.run(spec: path, output: folder + "/timeline-\(steps).txt"))
        }
    }
}
