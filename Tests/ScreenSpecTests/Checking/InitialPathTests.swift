import Foundation
@testable import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A fourth first user (notes/author4) seeded state the Swift way: a screen state from a
/// parameter's field, a row's state from its element (`self.isLiked = photo.liked` in a cell
/// view model's init). A path over a name that may be read is an expression; a path over a name
/// nearly one is a located error; a plain word stays the text the docs promise.
@Suite("A state's initial: written as a path")
struct InitialPathTests {
    private func only(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.count == 1, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.diagnostics.first, sourceLocation: sourceLocation)
    }

    private func loads(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.spec, sourceLocation: sourceLocation)
    }

    private func plays(_ spec: CheckedSpec, sourceLocation: SourceLocation = #_sourceLocation) {
        let timelines = ScenarioRunner.runAll(spec)
        #expect(!timelines.isEmpty, sourceLocation: sourceLocation)
        for timeline in timelines {
            #expect(timeline.passed, "\(TimelineFormatter.text(timeline))", sourceLocation: sourceLocation)
        }
    }

    // T2, scratch/t-state-initial-typo.yaml: the parameter is `session`.
    static let typo = """
        screen: Titled
        types:
          Session: { title: String }
        params:
          session: Session
        state:
          heading: { type: String, initial: sesion.title }
        """

    @Test("a path from a misspelt parameter: 'did you mean', and the help to quote the text")
    func misspeltParameter() throws {
        let d = try only(Self.typo)
        #expect(d.description == "t.yaml:7:37: error: unknown name 'sesion'; did you mean 'session'?")
        #expect(d.fixIt == #"to write the text itself, quote it: 'initial: "sesion.title"' (a quoted 'initial:' is the text)"#)
        // Spelt right, it is the parameter's field.
        let spec = try loads(Self.typo.replacingOccurrences(of: "sesion", with: "session") + """

            scenarios:
              - name: the heading starts as the session's title
                params: { session: { title: Standup } }
                steps:
                  - expect: { heading: Standup }
            """)
        plays(spec)
        // Quoted, it is the text; a word that names nothing, and a path near no name, stay text.
        plays(try loads("""
            screen: Titled
            types:
              Session: { title: String }
            params:
              session: Session
            state:
              quoted: { type: String, initial: "sesion.title" }
              word: { type: String, initial: sesion }
              site: { type: String, initial: example.com }
            scenarios:
              - name: s
                params: { session: { title: Standup } }
                steps:
                  - expect: { quoted: sesion.title, word: sesion, site: example.com }
            """))
    }

    // T1, scratch/t-row-initial-string.yaml; W2/D3, scratch/p2-rowinit.yaml.
    static let rowInitial = """
        screen: RowInitial
        types:
          Photo: { id: Int, title: String, liked: Bool }
        state:
          photos: { type: "[Photo]", initial: [{ id: 1, title: Dawn, liked: true }] }
        inputs:
          reload: "[Photo]"
        handlers:
          - on: reload
            set: { photos: reload }
        viewModels:
          Cell:
            params: { photo: Photo, index: Int }
            inputs: { like: event }
            state:
              caption: { type: String, initial: photo.title }
              draft: { type: String, initial: title }
              liked: { type: Bool, initial: photo.liked }
              place: { type: Int, initial: index + 1 }
            handlers:
              - on: like
                set: { liked: "!liked" }
        cells:
          rows: { viewModel: Cell, for: photos }
        scenarios:
          - name: a row starts from its element, and a kept row keeps its state
            steps:
              - expect: 'rows.first?.caption == "Dawn" && rows.first?.draft == "title" && rows.first?.liked == true'
              - send: { rows.like: { row: 1 } }
              - expect: 'rows.first?.liked == false'
              - send: { reload: [{ id: 2, title: Dusk, liked: true }, { id: 1, title: Dawn, liked: true }] }
              - expect: 'rows.map { $0.liked } == [true, false] && rows.map { $0.place } == [1, 1]'
              - expect: 'rows.map { $0.caption } == ["Dusk", "Dawn"]'
        """

    @Test("a row's state from its element and position: computed when the row is made, kept with the row, compiled")
    func rowStateFromElement() throws {
        let spec = try loads(Self.rowInitial)
        plays(spec)
        let json = try CompiledSpec.json(spec)
        #expect(json.contains("stateInitials"))
        plays(try CompiledSpec.load(json: Data(json.utf8)))
        // A loaded program may not compute the element's field (field 0) as a state.
        let element = json.replacingOccurrences(of: #""stateInitials":[{"field":2"#, with: #""stateInitials":[{"field":0"#)
        #expect(element != json)
        #expect(throws: (any Error).self) { try CompiledSpec.load(json: Data(element.utf8)) }
    }

    @Test("a row's initial: misspelt, or reading what the row has no value of yet: located errors")
    func rowStateMistakes() throws {
        let misspelt = try only(Self.rowInitial.replacingOccurrences(of: "initial: photo.title", with: "initial: phto.title"))
        #expect(misspelt.description == "t.yaml:16:41: error: unknown name 'phto'; did you mean 'photo'?")
        let later = try only(Self.rowInitial.replacingOccurrences(of: "initial: index + 1", with: "initial: caption.count"))
        #expect(later.description == "t.yaml:19:36: error: a row state's 'initial:' is computed when the row is made, from its element and position; 'caption' is state of the row, which has no value yet then")
        let type = try only(Self.rowInitial.replacingOccurrences(of: "initial: photo.liked", with: "initial: photo.title"))
        #expect(type.description == "t.yaml:18:37: error: expected 'Bool', found 'String'")
    }

    // D2, scratch/w-row-reads-screen.yaml.
    @Test("a row reading a name of the screen: told that a row reads its own names, and how to pass the value")
    func rowReadsScreenName() throws {
        let d = try only("""
            screen: NowPlaying
            types:
              Track: { id: Int, title: String }
            state:
              queue: { type: "[Track]", initial: [{ id: 1, title: Intro }] }
              currentId: { type: Int?, initial: 1 }
            viewModels:
              QueueRow:
                params: { track: Track }
                outputs:
                  caption: 'track.id == currentId ? "▶ \\(track.title)" : track.title'
            cells:
              rows: { viewModel: QueueRow, for: queue }
            """)
        #expect(d.description == "t.yaml:11:29: error: 'currentId' is a name of the screen, and a row reads only its own names: its element and parameters, its inputs, state, outputs and actions")
        #expect(d.notes.map(\.message) == ["to use a screen value in a row, hand it to the row as RxSwift's 'RowViewModel(item: $0, currentId: currentId)' does: declare it in the view model's 'params:' after the element ('currentId: TYPE') and give it in its 'cells:' entry with 'with: { currentId: currentId }', an expression over the screen's names and the element, '$0'; the rows follow it when it changes"])
    }
}
