@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Each element calls the service, one inner stream at a time: the next element's call
    /// waits until the inner stream before it completes (RxSwift's `concatMap`). Arguments are
    /// computed when the element arrives. See ``RequestSink``.
    static func concatMap(_ plan: RequestPlan, arguments: [CompiledExpr], inner: [InnerOperators],
                          _ env: PipelineEnvironment) -> StreamOperator {
        RequestSink(plan, arguments, inner, env)
    }
}
