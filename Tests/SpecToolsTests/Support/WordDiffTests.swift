import Testing
@testable import SpecRuntime
@testable import SpecTools

/// The changed words inside a changed line, as `specrun review` marks them (issue 28, "The
/// loop"): git's `[-old-]{+new+}` without colours, reverse video inside the line's colour with.
@Suite struct WordDiffTests {
    static let old = ["     0ms  ▶ tap signIn", "  5000ms  signIn.executing        false", "  5000ms  status.text             \"Welcome\""]
    static let new = ["     0ms  ▶ tap signIn", "  4000ms  signIn.executing        false", "  4000ms  status.text             \"Welcome\""]

    @Test func aTimeThatMovedIsMarkedWithoutColours() {
        let diff = UnifiedDiff(LineDiff(old: Self.old, new: Self.new), oldLabel: "old", newLabel: "new")
        #expect(diff.render(words: true) == """
            --- old
            +++ new
            @@ -1,3 +1,3 @@
                  0ms  ▶ tap signIn
            -  [-5000ms-]  signIn.executing        false
            -  [-5000ms-]  status.text             "Welcome"
            +  {+4000ms+}  signIn.executing        false
            +  {+4000ms+}  status.text             "Welcome"

            """)
        // Without `words` the lines are as before: other reports are unchanged.
        #expect(!diff.render().contains("[-"))
    }

    @Test func withColoursTheChangedWordIsInReverseVideoInsideTheLineColour() {
        let marked = WordDiff.mark(old: "  5000ms  canLogin  false", new: "  5000ms  canLogin  true", colors: true)
        #expect(marked?.old == "  5000ms  canLogin  \u{1B}[7mfalse\u{1B}[27m")
        #expect(marked?.new == "  5000ms  canLogin  \u{1B}[7mtrue\u{1B}[27m")
        let diff = UnifiedDiff(LineDiff(old: ["abc 1"], new: ["abc 2"]), oldLabel: "o", newLabel: "n")
        #expect(diff.render(colors: true, words: true).contains("\u{1B}[31m-abc \u{1B}[7m1\u{1B}[27m\u{1B}[0m"))
    }

    @Test func adjacentChangedWordsAreOneMarkAndKeptOnesSplitMarks() {
        let adjacent = WordDiff.mark(old: "  0ms  label  ab-cd", new: "  0ms  label  xy+cd", colors: false)
        #expect(adjacent?.old == "  0ms  label  [-ab--]cd")
        #expect(adjacent?.new == "  0ms  label  {+xy++}cd")
        let split = WordDiff.mark(old: "  1000ms  items  [1, 2] shown", new: "  1000ms  items  [3, 4] shown", colors: false)
        #expect(split?.old == "  1000ms  items  [[-1-], [-2-]] shown")
        #expect(split?.new == "  1000ms  items  [{+3+}, {+4+}] shown")
    }

    /// A line replaced by one with little in common is shown whole: marking all of it says
    /// nothing.
    @Test func unrelatedLinesAreNotMarked() {
        #expect(WordDiff.mark(old: "  0ms  title  \"Sign in\"", new: "  750ms  ▶ tap cancelButton", colors: false) == nil)
        let diff = UnifiedDiff(LineDiff(old: ["alpha beta"], new: ["gamma delta"]), oldLabel: "o", newLabel: "n")
        #expect(diff.render(words: true).contains("-alpha beta\n+gamma delta\n"))
    }

    /// The marked text is escaped for the terminal as the rest of the diff.
    @Test func markedWordsAreEscaped() {
        let marked = WordDiff.mark(old: "  0ms  name  \"a\"", new: "  0ms  name  \"\u{1B}[2J\"", colors: false)
        #expect(marked?.new.contains("\u{1B}") == false)
    }
}
