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
            Self.moved(index, count: count, keepsSelection: keepsSelection)
        }

        /// Whether `index` is one the control can show with `count` titles: -1 (none) or a title's.
        package func allows(_ index: Int, count: Int) -> Bool {
            Self.allows(index, count: count, keepsSelection: keepsSelection)
        }

        /// ``moved(_:count:)`` of a control that keeps its selection or not (a row's, which has no
        /// cells: a picker view keeps it).
        package static func moved(_ index: Int, count: Int, keepsSelection: Bool) -> Int {
            guard keepsSelection, count > 0 else { return -1 }
            return Swift.min(Swift.max(index, 0), count - 1)
        }

        /// ``allows(_:count:)`` of a control that keeps its selection or not.
        package static func allows(_ index: Int, count: Int, keepsSelection: Bool) -> Bool {
            index >= -1 && index < count && (index >= 0 || !keepsSelection || count == 0)
        }

        /// What a row's index control with `count` titles shows when its binding gives `index`:
        /// `index` when it can show it, else moved as new titles move it (a picker view's selected
        /// row clamped into its rows, -1 with none; a segmented control's -1).
        package static func shown(_ index: Int, count: Int, keepsSelection: Bool) -> Int {
            allows(index, count: count, keepsSelection: keepsSelection) ? index : moved(index, count: count, keepsSelection: keepsSelection)
        }
    }
}

extension ComponentPlan.Choices: Codable {}
