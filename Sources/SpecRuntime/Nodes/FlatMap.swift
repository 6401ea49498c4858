import ScreenSpec

extension StreamOperators {
    /// Each element calls the service; every answer lands, in the order the answers come
    /// (a `RequestSink` that never cancels, see `FlatMapLatest.swift`).
    static func flatMap(_ call: ServiceCall, arguments: [CompiledExpr], _ env: PipelineEnvironment) -> StreamOperator {
        RequestSink(call, arguments, env, latest: false)
    }
}
