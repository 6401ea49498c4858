/// What a host hears from a graph beside its emissions (``ScreenGraph/onEmit``), and the answers
/// it chooses for the graph's service calls: one value, given when the graph is built
/// (``ScreenGraph/init(program:clock:params:services:hooks:)``), so the graph itself has no hook
/// a tool sets on it. The host fills in the callbacks it needs before the graph starts; they
/// usually reach the host, which owns the graph (capture it `unowned`: the graph keeps its hooks).
/// None is called on the hot path of a change: runtime errors, ends, cancellations and service
/// calls are rare next to emissions.
package final class GraphHooks {
    // Each `var` is unchecked: a graph reads them while it runs (a read of a class's `var` is
    // otherwise a dynamic exclusivity check, about 76 instructions, hoisted into every
    // transaction), and its host sets them on the graph's one thread between transactions.
    /// Called when an expression fails at run time (overflow, division by zero); the node keeps
    /// its previous value and the graph goes on.
    @exclusivity(unchecked) package var runtimeError: ((_ time: Int, _ message: String) -> Void)?
    /// Called when an error reaches the end of a stream output with nothing to take it (no
    /// `catch`, no `errors` node), ending the output as RxSwift's unhandled error ends a stream.
    /// Exploration reports it.
    @exclusivity(unchecked) package var unhandledError: ((_ output: String, _ error: ErrorValue) -> Void)?
    /// Chooses the answer to a service call (service index, named arguments, calls before this
    /// one) instead of the spec's fake; nil answers as declared. Exploration and the preview choose
    /// through it.
    @exclusivity(unchecked) package var serviceChoice: ((_ service: Int, _ names: [String], _ arguments: [Value], _ count: Int) -> (ServicePlan.Outcome, Int)?)?
    /// Called when a visible stream ends (`completed` or an error); it emits nothing after.
    @exclusivity(unchecked) package var end: ((_ time: Int, _ node: Int, _ end: StreamEnd) -> Void)?
    /// Called when a stream output's inner stream is cancelled before it ended (a request
    /// `flatMapLatest` switched away from, or the output ending), with the call it made.
    @exclusivity(unchecked) package var cancel: ((_ time: Int, _ node: Int, _ call: String) -> Void)?
    /// Called for each service call, by the spec's fake or a live provider, with its named
    /// arguments, once the transaction that made it has propagated (after its emissions): a
    /// timeline shows what each call was given.
    @exclusivity(unchecked) package var called: ((_ time: Int, _ service: Int, _ names: [String], _ arguments: [Value]) -> Void)?
    /// Called with what an observer a scenario subscribed (`subscribe:`) hears after its step:
    /// an emission or an end, named by the observer (see ScreenGraph+Observers.swift).
    @exclusivity(unchecked) package var observed: ((Timeline.Entry) -> Void)?

    package init() {}
}
