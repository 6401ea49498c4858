import SpecTesting

// The names these tests used before SpecTesting, kept so that branches written against them
// still build after a merge; new tests import SpecTesting and use its names.

/// `SpecTesting.CLI`, visible in files that do not import SpecTesting.
typealias CLI = SpecTesting.CLI

/// The workspace runner's old name.
@available(*, deprecated, renamed: "Workspace")
typealias LoopBinary = SpecTesting.Workspace
