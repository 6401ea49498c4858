// The checked program (CheckedSpec, Value, the catalogues, the compiled JSON) is SpecProgram's;
// an app that imports the engine sees it as before, and the generated code names it through
// `SpecRuntime`.
@_exported import SpecProgram
