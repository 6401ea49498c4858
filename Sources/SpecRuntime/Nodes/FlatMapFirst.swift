@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Each element calls the service while no inner stream runs; an element that arrives while
    /// one runs is dropped, its arguments never computed, as RxSwift's `flatMapFirst` never calls
    /// its selector for it. Once the inner stream ends, the next element starts another. See
    /// ``RequestSink``.
    static func flatMapFirst(_ plan: RequestPlan, arguments: [CompiledExpr], inner: [InnerOperators],
                             _ env: PipelineEnvironment) -> StreamOperator {
        RequestSink(plan, arguments, inner, env)
    }
}
