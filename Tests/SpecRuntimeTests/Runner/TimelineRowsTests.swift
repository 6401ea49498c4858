import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// The text form prints a row whole once, then by its identity and the fields that changed since
/// it was last shown (docs/spec-language.md, "Rows in the timeline").
@Suite("Rows in the timeline")
struct TimelineRowsTests {
    static let basket = """
        screen: Basket
        types:
          Item: { id: Int, name: String, price: Int }
        state:
          items: { type: "[Item]", initial: [{ id: 1, name: Tea, price: 4 }, { id: 2, name: Cake, price: 6 }] }
        viewModels:
          CartRow:
            params: { item: Item }
            inputs:
              increment: event
            state:
              units: { type: Int, initial: 1 }
            outputs:
              lineTotal: item.price * units
            handlers:
              - on: increment
                set: { units: units + 1 }
        cells:
          cart: { viewModel: CartRow, for: items }
          again: { viewModel: CartRow, for: items }
        outputs:
          firstRow: cart.first
        scenarios:
          - name: s
            steps:
              - send: { cart.increment: { row: 2 } }
              - send: { cart.increment: { row: 2 } }
              - send: { again.increment: { row: 1 } }
        """

    static func play(_ text: String) throws -> Timeline {
        let loaded = SpecLoader.load(text: text, path: "basket.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        return timeline
    }

    /// The values printed on `name`'s lines, in order.
    static func lines(_ timeline: Timeline, _ name: String) -> [String] {
        var values: [String] = []
        for line in TimelineFormatter.text(timeline).split(separator: "\n").dropFirst() {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count > 1, words[1] == name, let afterName = line.range(of: " " + name + " ")?.upperBound else { continue }
            values.append(line[afterName...].trimmingCharacters(in: .whitespaces))
        }
        return values
    }

    @Test("a row is whole the first time, then its identity and what changed; each entry keeps its own")
    func wholeOnceThenChanges() throws {
        let timeline = try Self.play(Self.basket)
        #expect(Self.lines(timeline, "cart") == [
            #"[CartRow(item: Item(id: 1, name: "Tea", price: 4), units: 1, lineTotal: 4), CartRow(item: Item(id: 2, name: "Cake", price: 6), units: 1, lineTotal: 6)]"#,
            "[CartRow[1], CartRow[2]]",
            "[CartRow[1], CartRow[2]]",
        ])
        #expect(Self.lines(timeline, "cart.increment") == ["CartRow[2] { units: 2, lineTotal: 12 }", "CartRow[2] { units: 3, lineTotal: 18 }"])
        // `again` has rows of the same view model and the same identities, shown apart.
        #expect(Self.lines(timeline, "again.increment") == ["CartRow[1] { units: 2, lineTotal: 8 }"])
        #expect(Self.lines(timeline, "again").last == "[CartRow[1], CartRow[2]]")
    }

    @Test("a value outside the entry's names is printed whole when two entries share its view model")
    func ambiguousValuesArePrintedWhole() throws {
        let timeline = try Self.play(Self.basket)
        #expect(Self.lines(timeline, "firstRow").last == #"CartRow(item: Item(id: 1, name: "Tea", price: 4), units: 1, lineTotal: 4)"#)
        // With one entry of that view model, it is that entry's row.
        let one = try Self.play(Self.basket.replacingOccurrences(of: "  again: { viewModel: CartRow, for: items }\n", with: "")
            .replacingOccurrences(of: "\n      - send: { again.increment: { row: 1 } }", with: ""))
        #expect(Self.lines(one, "firstRow") == [#"CartRow(item: Item(id: 1, name: "Tea", price: 4), units: 1, lineTotal: 4)"#])
        #expect(Self.lines(one, "cart").first == "[CartRow[1], CartRow(item: Item(id: 2, name: \"Cake\", price: 6), units: 1, lineTotal: 6)]")
    }

    @Test("JSON lines and the timeline's values keep every row whole")
    func jsonKeepsRowsWhole() throws {
        let timeline = try Self.play(Self.basket)
        let json = TimelineFormatter.jsonLines(timeline)
        #expect(json.components(separatedBy: #""units":3"#).count == 3, "\(json)")
        #expect(!json.contains("CartRow["))
    }

    @Test("a child is shown by its type and what changed")
    func aChildHasNoIdentity() throws {
        let timeline = try Self.play("""
            screen: Steps
            viewModels:
              Counter:
                inputs:
                  add: event
                state:
                  count: { type: Int, initial: 0 }
                handlers:
                  - on: add
                    set: { count: count + 1 }
            children:
              counter: { viewModel: Counter }
            scenarios:
              - name: s
                steps:
                  - send: counter.add
            """)
        #expect(Self.lines(timeline, "counter.add") == ["Counter { count: 1 }"])
        #expect(Self.lines(timeline, "counter") == ["Counter(count: 0)", "Counter"])
    }

    /// An eleventh first user's 8: a row removed and made again (an undo) printed as
    /// `MessageRow[1]`, the form of a row already shown; it is a new row, printed whole.
    @Test("a row removed and made again with its identity prints whole")
    func aRowMadeAgainPrintsWhole() throws {
        let timeline = try Self.play("""
            screen: Inbox
            types:
              Message: { id: Int, subject: String }
            inputs:
              archive: event
              undo: event
            state:
              messages: { type: "[Message]", initial: [{ id: 1, subject: Hi }, { id: 2, subject: Yo }] }
            viewModels:
              MessageRow:
                params: { message: Message }
                outputs:
                  title: message.subject
            cells:
              rows: { viewModel: MessageRow, for: messages }
            handlers:
              - on: archive
                set: { messages: 'messages.filter { $0.id != 1 }' }
              - on: undo
                set: { messages: '[Message(id: 1, subject: "Hi")] + messages' }
            scenarios:
              - name: s
                steps:
                  - send: archive
                  - send: undo
            """)
        #expect(Self.lines(timeline, "rows") == [
            #"[MessageRow(message: Message(id: 1, subject: "Hi"), title: "Hi"), MessageRow(message: Message(id: 2, subject: "Yo"), title: "Yo")]"#,
            "[MessageRow[2]]",
            #"[MessageRow(message: Message(id: 1, subject: "Hi"), title: "Hi"), MessageRow[2]]"#,
        ], "\(TimelineFormatter.text(timeline))")
    }

    @Test("the only row removed and made again prints whole")
    func theOnlyRowMadeAgainPrintsWhole() throws {
        let timeline = try Self.play("""
            screen: Inbox
            types:
              Message: { id: Int, subject: String }
            inputs:
              archive: event
              undo: event
            state:
              messages: { type: "[Message]", initial: [{ id: 1, subject: Hi }] }
            viewModels:
              MessageRow:
                params: { message: Message }
            cells:
              rows: { viewModel: MessageRow, for: messages }
            handlers:
              - on: archive
                set: { messages: "[]" }
              - on: undo
                set: { messages: '[Message(id: 1, subject: "Hi")]' }
            scenarios:
              - name: s
                steps:
                  - send: archive
                  - send: undo
            """)
        #expect(Self.lines(timeline, "rows") == [
            #"[MessageRow(message: Message(id: 1, subject: "Hi"))]"#, "[]", #"[MessageRow(message: Message(id: 1, subject: "Hi"))]"#,
        ], "\(TimelineFormatter.text(timeline))")
    }

    @Test("the reference's example prints what the page shows")
    func theReferenceShowsRealOutput() throws {
        let text = try String(contentsOfFile: PackagePaths.root + "/docs/spec-language.md", encoding: .utf8)
        let section = try #require(text.range(of: "### Rows in the timeline: whole once, then what changed\n"))
        let rest = text[section.upperBound...]
        let yaml = try #require(rest.range(of: "```yaml\n"))
        let yamlEnd = try #require(rest[yaml.upperBound...].range(of: "```\n"))
        let shown = try #require(rest[yamlEnd.upperBound...].range(of: "```text\n"))
        let shownEnd = try #require(rest[shown.upperBound...].range(of: "```\n"))
        let timeline = try Self.play(String(rest[yaml.upperBound..<yamlEnd.lowerBound]))
        #expect(TimelineFormatter.text(timeline) == String(rest[shown.upperBound..<shownEnd.lowerBound]))
    }
}
