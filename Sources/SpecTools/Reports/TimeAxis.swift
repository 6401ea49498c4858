import SpecRuntime

/// Where each instant of a scenario is drawn: proportional to virtual time over short gaps, a
/// fixed, marked break over long idle stretches, and side by side for marks at one instant, so
/// scenarios from milliseconds to minutes stay readable and no two marks overlap.
struct TimeAxis {
    /// Pixels per millisecond over short gaps.
    static let scale = 0.35
    /// The least distance between two instants, so that their time labels do not touch.
    static let minimumGap = 48.0
    /// Gaps longer than this are idle stretches: drawn ``compressedGap`` wide and marked.
    static let longGap = 1000
    /// Wider than any short gap, so that a longer gap never looks shorter.
    static let compressedGap = minimumGap + scale * Double(longGap) + 24
    /// The distance between marks of one lane at the same instant.
    static let slotWidth = 24.0

    struct Instant {
        var time: Int
        var x: Double
        /// How many marks share the instant on its busiest lane.
        var slots: Int
    }

    /// A compressed idle stretch from `from` to `to` milliseconds, drawn between `x0` and `x1`.
    struct Break {
        var from: Int
        var to: Int
        var x0: Double
        var x1: Double
    }

    private(set) var instants: [Instant] = []
    private(set) var breaks: [Break] = []
    private var index: [Int: Int] = [:]
    /// The x just past the last instant's marks.
    private(set) var width: Double = 0

    /// `slots`: for each instant, the most marks any one lane has at it.
    init(slots: [Int: Int], origin: Double) {
        var x = origin
        var previous: Int?
        var previousSlots = 1
        for time in slots.keys.sorted() {
            if let previous {
                x += Double(previousSlots - 1) * Self.slotWidth
                let gap = time - previous
                if gap > Self.longGap {
                    breaks.append(Break(from: previous, to: time, x0: x, x1: x + Self.compressedGap))
                    x += Self.compressedGap
                } else {
                    x += Self.minimumGap + Self.scale * Double(gap)
                }
            }
            index[time] = instants.count
            let n = max(1, slots[time] ?? 1)
            instants.append(Instant(time: time, x: x, slots: n))
            previous = time
            previousSlots = n
        }
        width = x + Double(previousSlots - 1) * Self.slotWidth
    }

    /// The x of the `slot`th mark (from 0) of one lane at `time`, which must be an instant.
    func x(_ time: Int, slot: Int = 0) -> Double {
        guard let i = index[time] else { return width }
        return instants[i].x + Double(slot) * Self.slotWidth
    }
}
