/// What a tool hears from a program it compiled (``ScreenProgram/init(_:instrumentation:)``): which
/// way each probe went, what every node emitted, which answer each service call took and which
/// handlers ran. One value, given when the program is compiled; every graph of that program
/// reports to it. Coverage (`CoverageRecorder`, in SpecTools) is the one the tools use.
///
/// A program compiled without one has no probes at all: instrumentation costs nothing unless it
/// is asked for. With one, ``hit(_:)`` is called on the hot path of every probed expression, so a
/// conformer keeps it to a store. A conformer belongs to the graphs (one thread) that report to it.
///
/// `package`, not `public`: its requirements speak in the checked program's own types
/// (``ProbeSite``, ``ServicePlan``), which an embedder does not see; an embedder asks SpecTools
/// for coverage instead (`ScenarioRunner.run(_:scenario:…:coverage:)`).
package protocol ScreenInstrumentation: AnyObject {
    /// The ids a probe at `site` reports, one per way it can go (two for `? :`, `&&` and `||`,
    /// one for `??`, a table row and a table's default); empty: no probe is compiled there.
    func probeItems(_ site: ProbeSite) -> [Int]
    /// A probe went the way `item` (one of the ids ``probeItems(_:)`` gave).
    func hit(_ item: Int)
    /// A node emitted `value`; `started` is false for the values shown when the screen starts.
    func emitted(_ node: Int, _ value: Value, started: Bool)
    /// A call of `service` took `choice`.
    func answered(_ service: ServicePlan, _ choice: ServicePlan.Choice)
    /// The handler at index `handler` of the spec ran.
    func handlerRan(_ handler: Int)
}
