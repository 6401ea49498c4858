import SpecRuntime

/// Where everything of one ``MarbleDiagram`` goes, computed before anything is drawn so that the
/// placement can be tested without parsing SVG:
///
/// - The time axis is proportional over short gaps, a fixed, marked break over long idle
///   stretches, and never so tight that a caption runs into the next mark of its lane.
/// - Marks of one lane at one instant (everything before the first `wait` happens at 0 ms) sit
///   side by side in timeline order, and their captions are stacked upward as a staircase, the
///   first on top: each mark has its own readable caption, none over another caption or mark.
/// - A long run of periodic instants (a countdown's ticks) where every lane does the same thing
///   is drawn as its first and last instants with one marked band between them: the page weighs
///   the same for ten ticks and for ten thousand.
/// - A lane whose value never changes takes less height.
struct MarbleLayout {
    static let laneHeight = 44.0
    /// The height of a lane whose value never changes.
    static let compactLaneHeight = 32.0
    /// The height added to a lane for each extra caption stacked at one instant.
    static let captionLine = 14.0
    static let axisHeight = 40.0
    static let radius = 10.0
    /// Pixels per millisecond over short gaps.
    static let scale = 0.2
    /// The least distance between two instants, so that their time labels do not touch.
    static let minimumGap = 48.0
    /// Gaps longer than this are idle stretches: drawn ``compressedGap`` wide and marked.
    static let longGap = 1000
    /// Wider than any short gap, so that a longer gap never looks shorter.
    static let compressedGap = minimumGap + scale * Double(longGap) + 24
    /// The distance between marks of one lane at the same instant.
    static let slotWidth = 24.0
    /// From a mark's centre to its caption on the lane's own line (past a changed marble's halo).
    static let captionOffset = 17.0
    /// The least space after a caption before the next mark of its lane.
    static let captionGap = 6.0
    /// Periodic instants in a row from which the middle ones are drawn as one band.
    static let minimumRun = 8
    /// Instants of a run drawn before its band, and after it.
    static let runHead = 3, runTail = 2

    struct Instant {
        var time: Int
        var x: Double
    }

    /// A compressed idle stretch from `from` to `to` milliseconds, drawn between `x0` and `x1`.
    struct Break {
        var from: Int
        var to: Int
        var x0: Double
        var x1: Double
    }

    /// The middle of a run of periodic instants, drawn as one band between `x0` and `x1`: `count`
    /// instants from `from` to `to`, one every `every` milliseconds.
    struct Run {
        var from: Int
        var to: Int
        var every: Int
        var count: Int
        var x0: Double
        var x1: Double
    }

    /// Text beside a mark: `x` where it starts, `y` its baseline, both from the lane's centre line
    /// at x = 0.
    struct Caption: Equatable {
        var text: String
        var x: Double
        var y: Double
        var width: Double { MarbleCaption.width(text) }
    }

    struct PlacedMark {
        var mark: MarbleDiagram.Mark
        var x: Double
        var caption: Caption?
    }

    /// A lane's marks inside a run's band, drawn as one mark at `x`.
    struct RunMark {
        var marks: [MarbleDiagram.Mark]
        var run: Int
        var x: Double
        var caption: Caption
    }

    struct Row {
        var name: String
        var isSteps: Bool
        /// The lane's centre line.
        var y: Double
        var height: Double
        /// The lane's value never changes.
        var compact: Bool
        var marks: [PlacedMark] = []
        var runs: [RunMark] = []
    }

    private(set) var instants: [Instant] = []
    private(set) var breaks: [Break] = []
    private(set) var runs: [Run] = []
    private(set) var rows: [Row] = []
    /// Where the lane names end.
    private(set) var labelWidth: Double = 0
    private(set) var width: Double = 0
    private(set) var height: Double = 0

    init(_ diagram: MarbleDiagram) {
        let sources: [(name: String, marks: [MarbleDiagram.Mark], isSteps: Bool)] =
            [("steps", diagram.steps, true)] + diagram.lanes.map { ($0.name, $0.marks, false) }
        let longest = sources.map(\.name.count).max() ?? 5
        labelWidth = min(260, max(96, 7.4 * Double(longest) + 24))
        let origin = labelWidth + 28

        // Each row's marks by instant, in timeline order.
        let byTime: [[Int: [MarbleDiagram.Mark]]] = sources.map { Dictionary(grouping: $0.marks, by: \.time) }
        var times = Set(sources.flatMap { $0.marks.map(\.time) }).sorted()
        if times.isEmpty { times = [0] }
        let collapsed = Self.runs(times: times, byTime: byTime, diagram: diagram, sources: sources)
        // Instants drawn around a run's band are one period apart: equally spaced, as tight as
        // their captions allow, instead of proportionally (a second would take 250 px each).
        let periodic = Set(collapsed.flatMap { ($0.lowerBound - Self.runHead + 1)...($0.upperBound + Self.runTail) })

        // Rows: a taller lane where captions stack, a lower one whose value never changes.
        var top = Self.axisHeight
        for (r, source) in sources.enumerated() {
            let stack = byTime[r].values.map { Self.captioned($0).count }.max() ?? 1
            let extra = Double(max(0, stack - 1)) * Self.captionLine
            let compact = !source.isSteps && diagram.expectationFailures[source.name] == nil
                && source.marks.allSatisfy { $0.kind == .emission } && Set(source.marks.map(\.text)).count <= 1
            let base = compact ? Self.compactLaneHeight : Self.laneHeight
            rows.append(Row(name: source.name, isSteps: source.isSteps, y: top + extra + base / 2, height: base + extra, compact: compact))
            top += base + extra
        }
        height = (top + 8).rounded(.up)

        // Left to right: each instant as far right as its gap asks and its lanes' captions allow.
        var free = [Double](repeating: origin, count: rows.count)
        var previous: (time: Int, x: Double)?
        var afterRun: Double?
        var k = 0
        while k < times.count {
            let time = times[k]
            if let r = collapsed.firstIndex(where: { $0.first == k }) {
                let run = collapsed[r]
                let members = Array(run)
                let every = times[run.first! + 1] - times[run.first!]
                var captions: [Int: String] = [:]
                for row in rows.indices {
                    let marks = members.flatMap { byTime[row][times[$0]] ?? [] }
                    if !marks.isEmpty { captions[row] = Self.runCaption(marks) }
                }
                let widest = captions.values.map(MarbleCaption.width).max() ?? 0
                let x0 = max((previous?.x ?? origin) + Self.minimumGap / 2, free.max() ?? origin)
                let x1 = x0 + max(150, widest + 2 * Self.radius + Self.captionOffset + 16)
                runs.append(Run(from: times[run.first!], to: times[run.last!], every: every, count: members.count, x0: x0, x1: x1))
                for (row, text) in captions {
                    let marks = members.flatMap { byTime[row][times[$0]] ?? [] }
                    let x = x0 + 8 + Self.radius
                    rows[row].runs.append(RunMark(marks: marks, run: runs.count - 1, x: x,
                                                  caption: Caption(text: text, x: Self.captionOffset, y: -8)))
                    free[row] = x1
                }
                afterRun = x1
                previous = (times[run.last!], x1)
                k = run.last! + 1
                continue
            }
            var x = origin
            if let previous {
                let gap = time - previous.time
                if let end = afterRun {
                    x = end + Self.minimumGap / 2
                } else if periodic.contains(k) {
                    x = previous.x + Self.minimumGap
                } else if gap > Self.longGap {
                    let x0 = max(previous.x + 14, free.max() ?? 0)
                    let x1 = x0 + Self.compressedGap - 28
                    breaks.append(Break(from: previous.time, to: time, x0: x0, x1: x1))
                    x = x1 + 14
                } else {
                    x = previous.x + Self.minimumGap + Self.scale * Double(gap)
                }
            }
            afterRun = nil
            for row in rows.indices where byTime[row][time] != nil { x = max(x, free[row] + Self.radius) }
            instants.append(Instant(time: time, x: x))
            for row in rows.indices {
                guard let marks = byTime[row][time] else { continue }
                let captioned = Self.captioned(marks)
                var right = x + Self.radius
                // A mark after the one captioned on the lane's line goes past that caption.
                var lineCaptionEnd = -Double.infinity
                var mx = x
                for (slot, mark) in marks.enumerated() {
                    if slot > 0 {
                        // Clear of the halo of a marble changed since the snapshot.
                        let halo = Self.isChanged(marks[slot - 1], lane: sources[row].name, in: diagram) ? 6.0 : 0
                        mx = max(mx + Self.slotWidth + halo, lineCaptionEnd + Self.captionGap + Self.radius)
                    }
                    var caption: Caption?
                    if let text = Self.captionText(mark), let line = captioned.firstIndex(of: slot) {
                        // The last captioned mark writes on the lane's own line, to its right;
                        // earlier ones one line higher each, above themselves.
                        let above = captioned.count - 1 - line
                        caption = above == 0
                            ? Caption(text: text, x: Self.captionOffset, y: -8)
                            : Caption(text: text, x: -6, y: -8 - Double(above) * Self.captionLine)
                        let end = mx + caption!.x + caption!.width
                        if above == 0 { lineCaptionEnd = end }
                        right = max(right, end)
                    }
                    right = max(right, mx + Self.radius)
                    rows[row].marks.append(PlacedMark(mark: mark, x: mx, caption: caption))
                }
                free[row] = right + Self.captionGap
            }
            previous = (time, x)
            k += 1
        }
        width = ((max(free.max() ?? 0, previous?.x ?? 0) + 36)).rounded(.up)
    }

    /// The x of `time`'s instant; nil when it is not drawn on its own (inside a run).
    func x(_ time: Int) -> Double? { instants.first { $0.time == time }?.x }

    /// The most captions stacked at one instant of one lane.
    static let maximumStack = 12

    /// The indices of `marks` (one lane's at one instant) that get a caption: all that have one,
    /// or past ``maximumStack`` the first ones and the last (a runaway loop at one instant would
    /// make a lane thousands of lines high; the others' values stay in their tooltips).
    static func captioned(_ marks: [MarbleDiagram.Mark]) -> [Int] {
        let all = marks.indices.filter { captionText(marks[$0]) != nil }
        return all.count <= maximumStack ? all : Array(all.prefix(maximumStack - 1)) + [all.last!]
    }

    static func isChanged(_ mark: MarbleDiagram.Mark, lane: String, in diagram: MarbleDiagram) -> Bool {
        mark.kind == .emission && diagram.changed.contains(.init(output: lane, time: mark.time, value: mark.text))
    }

    /// What is written beside `mark`; nil when nothing is (a short value is written inside).
    static func captionText(_ mark: MarbleDiagram.Mark) -> String? {
        switch mark.kind {
        case .emission: mark.text.count <= 2 ? nil : MarbleCaption.short(mark.text)
        case .ghost: "was " + MarbleCaption.short(mark.text, limit: 20)
        case .step: HTMLText.truncate(mark.text, 36)
        case .failure: "✗ " + HTMLText.truncate(mark.text, 40)
        case .runtimeError: HTMLText.truncate(mark.text, 30)
        case .completed: nil
        case .terminatedWithError: MarbleCaption.short(mark.text)
        case .cancelled: HTMLText.truncate(mark.text + " cancelled", 30)
        }
    }

    /// `598× 599 … 2`: how many, the first value and the last.
    static func runCaption(_ marks: [MarbleDiagram.Mark]) -> String {
        guard let first = marks.first, let last = marks.last else { return "" }
        return "\(marks.count)× " + MarbleCaption.short(first.text, limit: 12) + " … " + MarbleCaption.short(last.text, limit: 12)
    }

    /// The instants (indices into `times`) drawn as one band each: the middle of every run of at
    /// least ``minimumRun`` instants one period apart where every lane does the same as at the
    /// instant before (the same lanes emit once each, nothing else happens: no step, failure,
    /// changed marble or ghost, which stay drawn where they are).
    private static func runs(times: [Int], byTime: [[Int: [MarbleDiagram.Mark]]], diagram: MarbleDiagram,
                             sources: [(name: String, marks: [MarbleDiagram.Mark], isSteps: Bool)]) -> [ClosedRange<Int>] {
        func signature(_ k: Int) -> [Int]? {
            let time = times[k]
            if byTime[0][time] != nil { return nil }
            var lanes: [Int] = []
            for row in 1..<byTime.count {
                guard let marks = byTime[row][time] else { continue }
                guard marks.count == 1, marks[0].kind == .emission, !isChanged(marks[0], lane: sources[row].name, in: diagram),
                      !(diagram.expectationFailures[sources[row].name] ?? []).contains(time) else { return nil }
                lanes.append(row)
            }
            return lanes.isEmpty ? nil : lanes
        }
        let signatures = times.indices.map(signature)
        var out: [ClosedRange<Int>] = []
        func close(_ start: Int, _ end: Int) {
            if end - start + 1 >= minimumRun { out.append((start + runHead)...(end - runTail)) }
        }
        var start = 0
        for k in times.indices.dropFirst() {
            let same = signatures[k] != nil && signatures[k] == signatures[k - 1]
            let periodic = k - 1 == start || times[k] - times[k - 1] == times[start + 1] - times[start]
            if same && periodic && signatures[start] != nil { continue }
            close(start, k - 1)
            // The instant before may begin a run of another period.
            start = same ? k - 1 : k
        }
        close(start, times.count - 1)
        return out
    }
}
