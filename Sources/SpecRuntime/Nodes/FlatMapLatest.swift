@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Each element calls the service and follows the inner stream it answers; a newer element
    /// cancels the inner stream in flight (RxSwift's `flatMapLatest`), so a stale answer never
    /// lands. See ``RequestSink``.
    static func flatMapLatest(_ plan: RequestPlan, arguments: [CompiledExpr], inner: [InnerOperators],
                              _ env: PipelineEnvironment) -> StreamOperator {
        RequestSink(plan, arguments, inner, env)
    }
}
