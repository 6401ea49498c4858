import Testing
@testable import SpecRuntime
@testable import SpecTools

/// The line diff and its unified rendering, as `diff -u` prints it.
@Suite struct UnifiedDiffTests {
    private func render(_ old: [String], _ new: [String], context: Int = 3) -> String {
        UnifiedDiff(LineDiff(old: old, new: new), oldLabel: "old", newLabel: "new", context: context).render()
    }

    @Test func oneChangedLineGetsThreeLinesOfContext() {
        let old = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
        var new = old
        new[4] = "E"
        #expect(render(old, new) == """
            --- old
            +++ new
            @@ -2,7 +2,7 @@
             b
             c
             d
            -e
            +E
             f
             g
             h

            """)
    }

    @Test func distantChangesMakeSeparateHunks() {
        let old = (1...20).map { "l\($0)" }
        var new = old
        new[1] = "L2"
        new[18] = "L19"
        #expect(render(old, new) == """
            --- old
            +++ new
            @@ -1,5 +1,5 @@
             l1
            -l2
            +L2
             l3
             l4
             l5
            @@ -16,5 +16,5 @@
             l16
             l17
             l18
            -l19
            +L19
             l20

            """)
    }

    @Test func changesWhoseContextsTouchShareOneHunk() {
        let old = (1...20).map { "l\($0)" }
        var close = old
        close[4] = "X"  // l5
        close[11] = "Y" // l12: six unchanged lines between, so the contexts meet
        let closeHunks = UnifiedDiff(LineDiff(old: old, new: close), oldLabel: "", newLabel: "").hunks()
        #expect(closeHunks.map { [$0.oldStart, $0.oldCount] } == [[1, 14]])

        var far = old
        far[4] = "X"    // l5
        far[12] = "Y"   // l13: seven unchanged lines between
        let farHunks = UnifiedDiff(LineDiff(old: old, new: far), oldLabel: "", newLabel: "").hunks()
        #expect(farHunks.map { [$0.oldStart, $0.oldCount] } == [[1, 7], [9, 7]])
    }

    @Test func emptySidesAndSingleLinesUseGNUNumbers() {
        #expect(render([], ["x", "y"]) == "--- old\n+++ new\n@@ -0,0 +1,2 @@\n+x\n+y\n")
        #expect(render(["a", "b"], ["b"]) == "--- old\n+++ new\n@@ -1,2 +1 @@\n-a\n b\n")
        #expect(render(["a", "b", "c", "d", "e", "f", "g", "h"], ["a", "b", "c", "d", "X", "e", "f", "g", "h"]) == """
            --- old
            +++ new
            @@ -2,6 +2,7 @@
             b
             c
             d
            +X
             e
             f
             g

            """)
    }

    @Test func equalTextsHaveNoDiff() {
        let diff = LineDiff(old: ["a", "b"], new: ["a", "b"])
        #expect(!diff.hasChanges)
        #expect(UnifiedDiff(diff, oldLabel: "old", newLabel: "new").render() == "")
    }

    @Test func colorsOnlyWhenAsked() {
        let colored = render(["a"], ["b"]).contains("\u{1B}[")
        #expect(!colored)
        let text = UnifiedDiff(LineDiff(old: ["a"], new: ["b"]), oldLabel: "old", newLabel: "new").render(colors: true)
        #expect(text.contains("\u{1B}[31m-a\u{1B}[0m"))
        #expect(text.contains("\u{1B}[32m+b\u{1B}[0m"))
    }

    @Test func linesDropOnlyTheFinalNewline() {
        #expect(LineDiff.lines("a\nb\n") == ["a", "b"])
        #expect(LineDiff.lines("a\n\nb") == ["a", "", "b"])
        #expect(LineDiff.lines("") == [])
    }

    /// The edit script must rebuild both texts and be as short as the LCS allows.
    @Test func editScriptIsMinimalAndRebuildsBothSides() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let a = (0..<next(12)).map { _ in ["a", "b", "c"][next(3)] }
            let b = (0..<next(12)).map { _ in ["a", "b", "c"][next(3)] }
            let diff = LineDiff(old: a, new: b)
            var rebuiltOld: [String] = [], rebuiltNew: [String] = []
            var changes = 0
            for edit in diff.edits {
                switch edit {
                case .keep(let o, let n): rebuiltOld.append(a[o]); rebuiltNew.append(b[n]); #expect(a[o] == b[n])
                case .delete(let o): rebuiltOld.append(a[o]); changes += 1
                case .insert(let n): rebuiltNew.append(b[n]); changes += 1
                }
            }
            #expect(rebuiltOld == a)
            #expect(rebuiltNew == b)
            #expect(changes == a.count + b.count - 2 * lcs(a, b), "a=\(a) b=\(b)")
        }
    }

    @Test func hugeDiffsFallBackToACorrectScript() {
        let a = ["same"] + (0..<1_500).map { "old \($0)" } + ["end"]
        let b = ["same"] + (0..<1_500).map { "new \($0)" } + ["end"]
        let diff = LineDiff(old: a, new: b)
        #expect(diff.edits.first == .keep(old: 0, new: 0))
        #expect(diff.edits.last == .keep(old: 1_501, new: 1_501))
        #expect(diff.edits.count == 2 + 3_000)
        let hunks = UnifiedDiff(diff, oldLabel: "", newLabel: "").hunks()
        #expect(hunks.map { [$0.oldStart, $0.oldCount, $0.newStart, $0.newCount] } == [[0, 1_502, 0, 1_502]])
    }

    private func lcs(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    /// The diff shows a snapshot's lines and labels escaped, as the terminal prints them.
    @Test func aSnapshotDiffEscapesItsLinesAndLabels() {
        let diff = UnifiedDiff(LineDiff(old: ["same", "old \u{1B}[2J\u{9B}"], new: ["same", "new"]),
                               oldLabel: "a\u{1B}.timeline", newLabel: "b.timeline")
        #expect(diff.render() == """
            --- a\\u001b.timeline
            +++ b.timeline
            @@ -1,2 +1,2 @@
             same
            -old \\u001b[2J\\u009b
            +new

            """)
    }
}
