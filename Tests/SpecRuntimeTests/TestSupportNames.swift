import ScreenSpec
import SpecRuntime
import SpecTesting

// The names these tests used before SpecTesting, kept so that branches written against them
// still build after a merge; new tests import SpecTesting and use its names.

/// The recorder's old name.
@available(*, deprecated, renamed: "TimelineRecorder")
typealias Recorder = SpecTesting.TimelineRecorder

/// An element at a time, as the old recorder's `Pair` spelt it.
@available(*, deprecated, renamed: "next")
func Pair(_ time: Int, _ value: Value) -> Recorded { next(time, value) }

/// The package root, as it was spelt here.
@available(*, deprecated, renamed: "PackagePaths.root")
let packageRoot = PackagePaths.root

/// A fresh temporary folder.
@available(*, deprecated, renamed: "PackagePaths.temporaryFolder")
func temporaryFolder(_ prefix: String) throws -> String { try PackagePaths.temporaryFolder(prefix) }
