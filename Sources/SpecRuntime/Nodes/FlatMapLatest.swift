import ScreenSpec

extension StreamOperators {
    /// Each element calls the service (a `Single`: one value or one failure after its latency);
    /// a newer element disposes the request in flight, so a stale answer never lands.
    static func flatMapLatest(_ call: ServiceCall, arguments: [CompiledExpr], _ env: PipelineEnvironment) -> StreamOperator {
        RequestSink(call, arguments, env, latest: true)
    }
}

/// Shared by `flatMapLatest` and `flatMap`: they differ only in whether a new element cancels.
final class RequestSink: StreamOperator {
    var sink: StreamSink?
    private let call: ServiceCall
    private let arguments: [CompiledExpr]
    private let env: PipelineEnvironment
    private let latest: Bool
    /// Bumped by each element; an answer whose request is no longer the newest is dropped.
    private var generation = 0

    init(_ call: ServiceCall, _ arguments: [CompiledExpr], _ env: PipelineEnvironment, latest: Bool) {
        self.call = call
        self.arguments = arguments
        self.env = env
        self.latest = latest
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            generation &+= 1
            var values: [Value] = []
            for f in arguments {
                guard let v = env.evaluate(f, [value], operator: latest ? "flatMapLatest" : "flatMap") else {
                    forward(.failure(ErrorValue(.evaluation, message: "arguments of '\(env.name)' could not be computed")))
                    return
                }
                values.append(v)
            }
            let (outcome, latency) = env.call(call.service, call.argumentNames, values)
            let mine = generation
            env.schedule(latency) { [self] in
                guard !latest || mine == generation else { return }
                switch outcome {
                case .success(let v): forward(.next(v))
                case .failure(let e): forward(.failure(e))
                }
            }
        case .failure:
            forward(event)
        }
    }
}
