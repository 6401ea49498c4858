@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Accumulates as `scan` does, but sends only the last accumulator, when the source
    /// completes, then the completion (the seed, if no element came); an error passes and the
    /// accumulator is lost (RxSwift's `reduce(_:accumulator:)`). Failures pass.
    static func reduce(seed: @escaping CompiledExpr, accumulator: @escaping CompiledExpr, _ env: PipelineEnvironment) -> StreamOperator {
        AccumulatorSink(seed, accumulator, env, name: "reduce", emitsEach: false)
    }
}
