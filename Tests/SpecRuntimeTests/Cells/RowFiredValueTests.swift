import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A screen handler on a row's stream (`feed.like.elements`, `rows.toggled`) gets the row; the
/// row's field holding the value that fired (`feed.like.elements.like.elements`) is that value
/// there, never nil, as the row's own handler reads it and as `cell.like.elements` gives it in
/// RxSwift: it reads without `?.` or `??`, which are still taken.
@Suite("The value that fired, read on the row a screen's stream carries")
struct RowFiredValueTests {
    static func spec(_ handlers: String) -> String {
        """
        screen: PhotoFeed
        types:
          Photo: { id: Int, likes: Int }
          LikeState: { likes: Int }
        state:
          photos: { type: "[Photo]", initial: [{ id: 1, likes: 3 }] }
          toggles: { type: Int, initial: 0 }
        viewModels:
          PhotoCell:
            params: { photo: Photo }
            inputs: { likeTap: event, toggled: Bool, renamed: Bool }
            actions:
              like:
                trigger: likeTap
                work: { call: api.like, with: { id: photo.id } }
        cells:
          feed: { viewModel: PhotoCell, for: photos }
        handlers:
        \(handlers)
        services:
          api.like: { params: { id: Int }, returns: LikeState, latency: 100ms, result: { likes: 4 } }
        scenarios:
          - name: s
            steps:
              - send: { feed.likeTap: { row: 1 } }
              - wait: 100ms
              - send: { feed.toggled: { row: 1, value: true } }
              - expect: 'photos.first?.likes == 4 && toggles == 1'
        """
    }

    static func loaded(_ handlers: String) -> (spec: CheckedSpec?, diagnostics: String) {
        let loaded = SpecLoader.load(text: spec(handlers), path: "t.yaml")
        return (loaded.spec, loaded.renderDiagnostics())
    }

    @Test("the action's element that fired reads without an optional, and plays")
    func theElementThatFiredIsNotOptional() throws {
        let (spec, diagnostics) = Self.loaded("""
              - on: feed.like.elements
                set: { photos: 'photos.map { p in p.id == feed.like.elements.photo.id ? p.with(likes: feed.like.elements.like.elements.likes) : p }' }
              - on: feed.toggled
                if: feed.toggled.toggled
                set: { toggles: toggles + 1 }
            """)
        let checked = try #require(spec, "\(diagnostics)")
        let timeline = ScenarioRunner.run(checked, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("'?.' and '??' written on it before are still taken")
    func theOptionalSpellingsStillCheck() throws {
        let (spec, diagnostics) = Self.loaded("""
              - on: feed.like.elements
                set: { photos: 'photos.map { p in p.id == feed.like.elements.photo.id ? p.with(likes: feed.like.elements.like.elements?.likes ?? p.likes) : p }' }
              - on: feed.toggled
                if: feed.toggled.toggled ?? false
                set: { toggles: toggles + 1 }
            """)
        let checked = try #require(spec, "\(diagnostics)")
        let timeline = ScenarioRunner.run(checked, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("a field of another input than the one that fired is still optional there")
    func anotherInputStaysOptional() {
        let (spec, diagnostics) = Self.loaded("""
              - on: feed.toggled
                if: feed.toggled.renamed
                set: { toggles: toggles + 1 }
            """)
        #expect(spec == nil)
        #expect(diagnostics.contains("expected 'Bool', found 'Bool?'"), "\(diagnostics)")
    }
}
