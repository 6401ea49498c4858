extension ComponentPlan {
    /// An index control's titles given by an expression (a picker view's `rows: names`, a
    /// segmented control's `segments: names`), kept in a `[String]` cell the binding writes
    /// (`picker.rows`, `segments.segments`), and the index they bound. When the titles change,
    /// the engine moves the index as UIKit does, firing nothing (no `.valueChanged` for a change
    /// made in code): a picker view reloads its rows (`rx.itemTitles`) and keeps its selected row
    /// clamped into them, -1 when it has none (`selectedRow(inComponent:)`); a segmented control's
    /// segments are removed and inserted again, which leaves no segment selected (-1,
    /// `noSegment`). A person's pick and a binding's index are checked against the titles in
    /// force: outside them, a runtime error.
    package struct Choices: Sendable, Hashable {
        /// The `[String]` cell of the titles.
        package var titles: Int
        /// The index property's cell (`selectedRow`, `selectedIndex`).
        package var value: Int
        /// Whether new titles keep the selection, clamped (a picker view), or clear it to -1
        /// (a segmented control).
        package var keepsSelection: Bool
        /// Where the titles' expression is written, for the runtime errors.
        package var range: SpecRange

        /// Memberwise, at `package` access: the front end builds the program.
        package init(titles: Int, value: Int, keepsSelection: Bool, range: SpecRange) {
            self.titles = titles
            self.value = value
            self.keepsSelection = keepsSelection
            self.range = range
        }

        /// The index a control with `count` titles shows after they changed, from `index`.
        package func moved(_ index: Int, count: Int) -> Int {
            guard keepsSelection, count > 0 else { return -1 }
            return Swift.min(Swift.max(index, 0), count - 1)
        }

        /// Whether `index` is one the control can show with `count` titles: -1 (none) or a title's.
        package func allows(_ index: Int, count: Int) -> Bool {
            index >= -1 && index < count && (index >= 0 || !keepsSelection || count == 0)
        }
    }
}

extension ComponentPlan.Choices: Codable {}
