import Foundation
import SpecTesting
import Testing

/// A parameter a `cells:` entry gives its rows (`with:`, docs/spec-language.md "What a row is
/// given"), generated: a `let` of the row's struct, with a comment saying the screen gives it,
/// beside the fields the row writes. Examples/TypedApp compiles the NowPlaying and drives it
/// (its `rows/now-playing.yaml` is the docs' example, as `Tests/Fixtures/now-playing.yaml` is).
@Suite struct GeneratedGivenParamsTests {
    @Test func aGivenParameterIsALetTheScreenGives() throws {
        let spec = PackagePaths.path("Examples/TypedApp/Sources/TypedScreens/rows/now-playing.yaml")
        let folder = try PackagePaths.temporaryFolder("specrun-generate")
        let result = try CLI.run(["generate", spec, "--rxswift", "--output", folder])
        #expect(result.status == 0, "\(result)")
        let swift = try String(contentsOfFile: folder + "/now-playing.swift", encoding: .utf8)
        #expect(swift.contains("""
                /// Given by the screen (`cells:` `rows`, `with: { isCurrent: … }`) and computed again whenever its list or a value it reads changes: the row reads it and never writes it.
                public let isCurrent: Bool
        """), "\(swift)")
        #expect(swift.contains("public var liked: Bool\n"))
        #expect(swift.contains("public var track: Track\n"))
    }

    @Test func theTypedAppsNowPlayingIsTheDocsNowPlaying() throws {
        let copy = try String(contentsOfFile: PackagePaths.path("Examples/TypedApp/Sources/TypedScreens/rows/now-playing.yaml"), encoding: .utf8)
        let example = try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: NowPlaying\n") })
        #expect(copy == example.text, "copy the NowPlaying example of docs/spec-language.md to Examples/TypedApp/Sources/TypedScreens/rows/now-playing.yaml again")
    }

    /// The Workout, whose rows read `isCurrent` as a stream: the TypedApp compiles and drives it.
    @Test func theTypedAppsWorkoutIsTheDocsWorkout() throws {
        let copy = try String(contentsOfFile: PackagePaths.path("Examples/TypedApp/Sources/TypedScreens/rows/workout.yaml"), encoding: .utf8)
        let example = try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: Workout\n") && $0.text.contains("stream: isCurrent") })
        #expect(copy == example.text, "copy the Workout example of docs/spec-language.md to Examples/TypedApp/Sources/TypedScreens/rows/workout.yaml again")
    }
}
