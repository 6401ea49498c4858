import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools
import SpecWorkloads

// Runs one workload once, outside the benchmark harness: for callgrind's instruction counts
// (`valgrind --tool=callgrind .build/release/workload chain 20000`) and quick checks.
//
//   workload login-graph|login-observation|login-closures CHANGES
//   workload live-login CHANGES          the login graph through a LiveScreen (live clock, observers)
//   workload live-latency SAMPLES        input to observed output on a LiveScreen: p50, p99, max
//   workload live-stop CYCLES            start/stop cycles with calls and a timer in flight (valgrind)
//   workload paging ITEMS                Benchmarks/Specs/paging.yaml
//   workload list-paging ITEMS           specs/list.yaml, a page of 20 every time
//   workload many-requests REQUESTS      REQUESTS pending at once in a flatMap (and a concatMap)
//   workload wide|chain OUTPUTS          parse + check + compile
//   workload graph-build|graph-cycle GRAPHS  graphs of the 1,000-output wide spec built and kept,
//                                        or built and freed: the teardown is the difference
//   workload end-to-end STEPS            load, play, format, write a file
//   workload check                       the three login variants emit equally
//   workload counter TAPS                Benchmarks/Specs/counter.yaml (an Int/Bool path)
//   workload mutate ROUNDS               specrun mutate specs/login.yaml, ROUNDS times
//   workload mutate-wide OUTPUTS         specrun mutate on SpecGenerator.wide(outputs:)
//   workload play|play-coverage ROUNDS   every login scenario, without and with a coverage recorder
//   workload play-all ROUNDS             every login scenario through ScenarioRunner.runAll
//   workload explore-random STEPS        random walks on specs/login.yaml
//   workload explore-bfs STATES          breadth-first on specs/login.yaml, 40 values per input
//                                        (VALUES=N in the environment for another number)
//   workload explore-bfs-own DEPTH       breadth-first on specs/login.yaml with its own `explore:`
//                                        (SPEC=events for specs/events.yaml)
//   workload explore-shipped DEPTH       breadth-first to DEPTH on every spec in specs/ and the wide
//                                        login (one worker each; best of 5 runs, as `specrun explore`)

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first else {
    FileHandle.standardError.write(Data("usage: workload NAME [SIZE]\n".utf8))
    exit(64)
}
let size = arguments.dropFirst().first.flatMap { Int($0) } ?? 1000

func report(_ what: String, _ result: Int, _ start: ContinuousClock.Instant) {
    let elapsed = ContinuousClock.now - start
    print("\(name) \(size): \(what) \(result) in \(elapsed)")
}

switch name {
case "login-graph":
    let spec = Specs.load(path: RepositoryPaths.loginSpec)
    let login = InterpretedLogin(spec: spec)
    let start = ContinuousClock.now
    report("emissions", login.run(changes: size), start)
case "live-login":
    let spec = Specs.load(path: RepositoryPaths.loginSpec)
    let login = LiveLogin(spec: spec)
    let start = ContinuousClock.now
    report("emissions", login.run(changes: size), start)
case "live-latency":
    let spec = Specs.load(path: RepositoryPaths.loginSpec)
    let login = LiveLogin(spec: spec)
    _ = login.latencies(samples: min(size, 10_000)) // warm-up
    let sorted = login.latencies(samples: size).sorted()
    func at(_ q: Double) -> Duration { sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
    func ns(_ d: Duration) -> Int { Int(d.components.seconds) * 1_000_000_000 + Int(d.components.attoseconds / 1_000_000_000) }
    print("live-latency \(sorted.count) samples: p50 \(ns(at(0.5))) ns, p99 \(ns(at(0.99))) ns, p99.9 \(ns(at(0.999))) ns, max \(ns(sorted.last ?? .zero)) ns")
case "live-stop":
    let start = ContinuousClock.now
    let left = LiveStopWorkload.run(cycles: size)
    report("provider tasks left", left, start)
    exit(left == 0 ? 0 : 1)
case "login-observation":
    let login = ObservationLogin()
    let start = ContinuousClock.now
    report("emissions", login.run(changes: size), start)
case "login-closures":
    let login = ClosureLogin()
    let start = ContinuousClock.now
    report("emissions", login.run(changes: size), start)
case "check":
    let spec = Specs.load(path: RepositoryPaths.loginSpec)
    let counts = [InterpretedLogin(spec: spec).run(changes: size), ObservationLogin().run(changes: size), ClosureLogin().run(changes: size),
                  LiveLogin(spec: spec).run(changes: size)]
    print("graph, observation, closures, live: \(counts); expected \(LoginWorkload.expectedEmissions(size)) each")
    exit(counts.allSatisfy { $0 == LoginWorkload.expectedEmissions(size) } ? 0 : 1)
case "explore-random":
    let spec = Specs.load(path: RepositoryPaths.loginSpec)
    let start = ContinuousClock.now
    report("steps", ExploreWorkload.random(spec, steps: size).transitions, start)
case "explore-bfs":
    let spec = ExploreWorkload.wideLogin(values: Int(ProcessInfo.processInfo.environment["VALUES"] ?? "") ?? 40)
    let start = ContinuousClock.now
    let r = ExploreWorkload.breadthFirst(spec, depth: 20, states: size)
    report("distinct states (\(r.transitions) transitions, stop \(r.stop))", r.distinctStates, start)
case "explore-bfs-own":
    // SPEC=events explores specs/events.yaml instead of the login.
    let own = ProcessInfo.processInfo.environment["SPEC"].map { RepositoryPaths.root + "/specs/\($0).yaml" }
    let spec = Specs.load(path: own ?? RepositoryPaths.loginSpec)
    let start = ContinuousClock.now
    let r = ExploreWorkload.breadthFirst(spec, depth: size, states: 1_000_000)
    report("distinct states (\(r.transitions) transitions, stop \(r.stop))", r.distinctStates, start)
case "explore-shipped":
    var ok = true
    for (name, spec) in ExploreWorkload.shipped() + [("login, 40 values per input", ExploreWorkload.wideLogin(values: 40))] {
        let depth = name.hasPrefix("login, ") ? 20 : size
        let states = name.hasPrefix("login, ") ? 10_000 : 1_000_000
        var best = Duration.seconds(3_600)
        var result = ExploreWorkload.breadthFirst(spec, depth: depth, states: states)
        for _ in 0..<5 {
            let start = ContinuousClock.now
            result = ExploreWorkload.breadthFirst(spec, depth: depth, states: states)
            best = min(best, ContinuousClock.now - start)
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        let rate = Double(result.distinctStates) / max(seconds, 1e-9)
        print("\(name): \(result.distinctStates) distinct states, \(result.transitions) transitions, \(result.stepsRun) steps run, "
              + "stop \(result.stop), \(String(format: "%.2f", seconds * 1000)) ms, \(Int(rate)) distinct states/s")
        ok = ok && result.stop != .violation
    }
    exit(ok ? 0 : 1)
case "paging":
    let spec = Specs.load(path: RepositoryPaths.pagingSpec)
    let start = ContinuousClock.now
    report("emissions", PagingWorkload.run(spec, items: size), start)
case "list-paging":
    let spec = ListPagingWorkload.spec()
    let start = ContinuousClock.now
    report("emissions", ListPagingWorkload.run(spec, items: size), start)
case "many-requests":
    let spec = Specs.load(text: ManyRequestsWorkload.spec, path: "many-requests.yaml")
    let start = ContinuousClock.now
    report("answers", ManyRequestsWorkload.run(spec, requests: size), start)
case "wide", "chain":
    let text = name == "wide" ? SpecGenerator.wide(outputs: size) : SpecGenerator.chain(outputs: size)
    let start = ContinuousClock.now
    let spec = Specs.load(text: text, path: "\(name)-\(size).yaml")
    let graph = ScreenGraph(spec: spec)
    report("nodes", spec.nodeNames.count, start)
    withExtendedLifetime(graph) {}
case "graph-build", "graph-cycle":
    // Issue 41: tearing a graph down costs at most 10 % of building it. The wide spec of 1,000
    // outputs is checked once; SIZE graphs are built from it, each kept (graph-build: leaked on
    // purpose) or freed at once (graph-cycle), so the two figures differ by the teardown alone.
    let spec = Specs.load(text: SpecGenerator.wide(outputs: 1000), path: "wide-1000.yaml")
    let start = ContinuousClock.now
    for _ in 0..<size {
        let graph = ScreenGraph(spec: spec)
        if name == "graph-build" { _ = Unmanaged.passRetained(graph) }
    }
    report("graphs", size, start)
case "end-to-end":
    let folder = RepositoryPaths.temporaryFolder("workload")
    let path = EndToEnd.writeScenario(steps: size, in: folder)
    let start = ContinuousClock.now
    report("bytes", EndToEnd.run(spec: path, output: folder + "/timeline.txt"), start)
case "counter":
    // Benchmarks/Specs/counter.yaml: SIZE taps, each an event, a handler and Int/Bool cells.
    let counter = CounterWorkload(spec: Specs.load(path: RepositoryPaths.root + "/Benchmarks/Specs/counter.yaml"))
    let start = ContinuousClock.now
    report("emissions", counter.run(taps: size), start)
case "mutate":
    // `specrun mutate specs/login.yaml`, SIZE times.
    let start = ContinuousClock.now
    var killed = 0
    for _ in 0..<size { killed += TrustWorkloads.mutate(specPath: RepositoryPaths.loginSpec).killed }
    report("mutants killed", killed, start)
case "mutate-wide":
    // `specrun mutate` on a generated spec of SIZE outputs (issue 22: how it grows).
    let folder = RepositoryPaths.temporaryFolder("workload")
    let start = ContinuousClock.now
    report("mutants killed", TrustWorkloads.mutateWide(outputs: size, in: folder).killed, start)
case "play", "play-coverage":
    // Every scenario of specs/login.yaml, SIZE times, without and with a coverage recorder.
    let spec = Specs.load(path: RepositoryPaths.loginSpec)
    let start = ContinuousClock.now
    report("timeline entries", TrustWorkloads.play(spec, rounds: size, coverage: name == "play-coverage"), start)
case "play-all":
    // As `play`, through `ScenarioRunner.runAll`: one compilation per round.
    let spec = Specs.load(path: RepositoryPaths.loginSpec)
    let start = ContinuousClock.now
    report("timeline entries", TrustWorkloads.playAll(spec, rounds: size), start)
default:
    FileHandle.standardError.write(Data("unknown workload '\(name)'\n".utf8))
    exit(64)
}
