@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Each element calls the service; every inner stream runs and their elements land in the
    /// order they come (RxSwift's `flatMap`). See ``RequestSink``.
    static func flatMap(_ plan: RequestPlan, arguments: [CompiledExpr], inner: [InnerOperators],
                        _ env: PipelineEnvironment) -> StreamOperator {
        RequestSink(plan, arguments, inner, env)
    }
}
