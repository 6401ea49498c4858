// The checked program (CheckedSpec, Value, the catalogues, the compiled JSON) is SpecProgram's;
// an app that imports the engine sees it as before, and the generated code names it through
// `SpecRuntime`. The evaluation context the compiled expressions run in is `@_spi(Engine)`: the
// engine files that use it import it so (see EvalContext).
@_exported import SpecProgram
