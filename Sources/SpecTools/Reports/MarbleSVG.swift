import SpecRuntime

/// Draws one ``MarbleDiagram`` as inline SVG: a time axis, the steps lane, then a lane per
/// output; every mark focusable, with its value in a tooltip (`<title>`) and an accessible label.
struct MarbleSVG {
    static let laneHeight = 44.0
    static let axisHeight = 40.0
    static let radius = 10.0
    /// Fills with dark text on them (contrast above 7:1), chosen per value so equal values match.
    /// The fixed colours of `true`, `false` and `nil`, so that a Bool lane (`enabled`,
    /// `executing`) reads at a glance: green, grey and white with a dashed outline, none of them
    /// in ``palette``. Every other value takes a palette colour by its hash.
    static let fixed = ["true": "fill:#2f9e57", "false": "fill:#8d8d99", "nil": "fill:#ffffff;stroke-dasharray:3 2"]

    /// The inline style of a marble showing `text`.
    static func style(of text: String) -> String {
        fixed[text] ?? "fill:" + palette[stableHash(text) % palette.count]
    }

    static let palette = ["#ffd6a5", "#caffbf", "#9bf6ff", "#bdb2ff", "#ffc6ff", "#fdffb6", "#a0c4ff", "#ffadad"]

    let diagram: MarbleDiagram

    func render() -> String {
        let rows: [(name: String, marks: [MarbleDiagram.Mark], isSteps: Bool)] =
            [("steps", diagram.steps, true)] + diagram.lanes.map { ($0.name, $0.marks, false) }
        let longest = rows.map(\.name.count).max() ?? 5
        let labelWidth = min(260, max(96, 7.4 * Double(longest) + 24))
        var slots: [Int: Int] = [:]
        for row in rows {
            var counts: [Int: Int] = [:]
            for mark in row.marks { counts[mark.time, default: 0] += 1 }
            for (time, n) in counts { slots[time] = max(slots[time] ?? 0, n) }
        }
        if slots.isEmpty { slots[0] = 1 }
        let axis = TimeAxis(slots: slots, origin: labelWidth + 28)
        // Room after the last instant for the last marks' values, within reason.
        let lastCaption = rows.compactMap { row in row.marks.last.map { $0.text.count } }.max() ?? 0
        let width = (axis.width + min(420, max(150, 6.2 * Double(lastCaption) + 40))).rounded(.up)
        let height = (Self.axisHeight + Double(rows.count) * Self.laneHeight + 8).rounded(.up)
        let emissions = diagram.lanes.reduce(0) { $0 + $1.emissionCount }
        let summary = "\(diagram.lanes.count) output lane\(diagram.lanes.count == 1 ? "" : "s"), \(emissions) emission\(emissions == 1 ? "" : "s"), "
            + "\(diagram.steps.filter { $0.kind == .step }.count) steps, from 0ms to \(HTMLText.time(diagram.endTime))"
        var out = "<svg class=\"marbles\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"group\" aria-label=\"\(e("Marble diagram: " + summary))\">\n"
        out += drawAxis(axis, top: Self.axisHeight, bottom: height - 4, right: width - 20)
        for (r, row) in rows.enumerated() {
            let y = Self.axisHeight + Double(r) * Self.laneHeight + Self.laneHeight / 2
            out += drawLane(row.name, row.marks, isSteps: row.isSteps, y: y, labelWidth: labelWidth, axis: axis, right: width - 20)
        }
        out += "</svg>\n"
        return out
    }

    private func drawAxis(_ axis: TimeAxis, top: Double, bottom: Double, right: Double) -> String {
        var out = "<g class=\"axis\" aria-hidden=\"true\">\n"
        for b in axis.breaks {
            let mid = (b.x0 + b.x1) / 2
            out += "<rect class=\"idle\" x=\"\(n(b.x0 + 14))\" y=\"\(n(top - 6))\" width=\"\(n(b.x1 - b.x0 - 28))\" height=\"\(n(bottom - top + 6))\"/>"
            out += "<text class=\"idle-label\" x=\"\(n(mid))\" y=\"\(n(top - 24))\" text-anchor=\"middle\">≈ \(e(HTMLText.time(b.to - b.from))) idle</text>\n"
        }
        for instant in axis.instants {
            out += "<line class=\"grid\" x1=\"\(n(instant.x))\" y1=\"\(n(top - 4))\" x2=\"\(n(instant.x))\" y2=\"\(n(bottom))\"/>"
            out += "<text class=\"tick\" x=\"\(n(instant.x))\" y=\"\(n(top - 10))\" text-anchor=\"middle\">\(e(HTMLText.time(instant.time)))</text>\n"
        }
        out += "</g>\n"
        return out
    }

    private func drawLane(_ name: String, _ marks: [MarbleDiagram.Mark], isSteps: Bool, y: Double, labelWidth: Double,
                          axis: TimeAxis, right: Double) -> String {
        let emissions = marks.filter { $0.kind == .emission }.count
        let missed = isSteps ? [] : diagram.expectationFailures[name] ?? []
        let failures = marks.filter { $0.kind == .failure || $0.kind == .runtimeError }.count
        let laneLabel = isSteps
            ? "steps lane: \(marks.filter { $0.kind == .step }.count) steps" + (failures > 0 ? ", \(failures) failure\(failures == 1 ? "" : "s")" : "")
            : "\(name): \(emissions) emission\(emissions == 1 ? "" : "s")" + (missed.isEmpty ? "" : ", an expectation failed")
        var classes = isSteps ? "lane steps" : "lane output"
        if failures > 0 || !missed.isEmpty { classes += " has-failure" }
        var out = "<g class=\"\(classes)\" role=\"group\" aria-label=\"\(e(laneLabel))\"" + (isSteps ? "" : " data-output=\"\(e(name))\"") + ">\n"
        out += "<title>\(e(name))</title>"
        out += "<text class=\"lane-name\" x=\"\(n(labelWidth))\" y=\"\(n(y + 4))\" text-anchor=\"end\">\(e(HTMLText.truncate(name, 34)))</text>"
        out += "<line class=\"lane-line\" x1=\"\(n(labelWidth + 10))\" y1=\"\(n(y))\" x2=\"\(n(right))\" y2=\"\(n(y))\"/>"
        out += "<path class=\"lane-arrow\" d=\"M\(n(right)) \(n(y)) l-8 -4 v8 z\"/>\n"
        for b in axis.breaks {
            let mid = (b.x0 + b.x1) / 2
            out += "<path class=\"break\" d=\"M\(n(mid - 7)) \(n(y + 7)) l6 -14 M\(n(mid + 1)) \(n(y + 7)) l6 -14\"/>"
        }
        // Where an `expect:` found this output wrong: a ring on the lane (the steps lane's ✗ is
        // the mark a screen reader reads).
        for time in missed {
            out += "<circle class=\"expect-ring\" aria-hidden=\"true\" cx=\"\(n(axis.x(time)))\" cy=\"\(n(y))\" r=\"16\"/>"
        }
        // Marks at one instant sit side by side, in timeline order.
        var slot: [Int: Int] = [:]
        var placed: [(mark: MarbleDiagram.Mark, x: Double)] = []
        for mark in marks {
            let k = slot[mark.time, default: 0]
            slot[mark.time] = k + 1
            placed.append((mark, axis.x(mark.time, slot: k)))
        }
        for (i, (mark, x)) in placed.enumerated() {
            let room = (i + 1 < placed.count ? placed[i + 1].x : right + 40) - x
            out += drawMark(mark, lane: name, isSteps: isSteps, x: x, y: y, room: room)
        }
        out += "</g>\n"
        return out
    }

    private func drawMark(_ mark: MarbleDiagram.Mark, lane: String, isSteps: Bool, x: Double, y: Double, room: Double) -> String {
        let time = HTMLText.time(mark.time)
        let label: String
        let kind: String
        var shape: String
        var caption: String?
        switch mark.kind {
        case .emission:
            let changed = diagram.changed.contains(.init(output: lane, time: mark.time, value: mark.text))
            kind = changed ? "marble changed" : "marble"
            label = "\(lane) = \(mark.text) at \(time)" + (changed ? ", changed since the snapshot" : "")
            shape = (changed ? "<circle class=\"halo\" r=\"\(n(Self.radius + 5))\"/>" : "")
                + "<circle r=\"\(n(Self.radius))\" style=\"\(Self.style(of: mark.text))\"/>"
            if mark.text.count <= 2 {
                shape += "<text class=\"inside\" y=\"4\" text-anchor=\"middle\">\(e(mark.text))</text>"
            } else {
                caption = mark.text
            }
        case .step:
            kind = "step"
            label = "step at \(time): \(mark.text)"
            shape = "<path d=\"M-6 -8 L8 0 L-6 8 Z\"/>"
            caption = mark.text
        case .failure:
            kind = "failure"
            label = "failed expectation at \(time): \(mark.text)"
            shape = "<circle r=\"\(n(Self.radius))\"/><path class=\"glyph\" d=\"M-4 -4 L4 4 M4 -4 L-4 4\"/>"
            caption = "✗ " + mark.text
        case .runtimeError:
            kind = "runtime-error"
            label = "runtime error at \(time): \(mark.text)"
            shape = "<path d=\"M0 -10 L10 8 L-10 8 Z\"/><text class=\"inside\" y=\"6\" text-anchor=\"middle\">!</text>"
            caption = mark.text
        case .completed:
            kind = "completed"
            label = "\(lane) completed at \(time)"
            shape = "<rect x=\"-2\" y=\"-12\" width=\"4\" height=\"24\"/>"
        case .terminatedWithError:
            kind = "terminated-error"
            label = "\(lane) failed with \(mark.text) at \(time)"
            shape = "<path class=\"glyph\" d=\"M-8 -8 L8 8 M8 -8 L-8 8\"/>"
            caption = mark.text
        case .cancelled:
            kind = "cancelled"
            label = "\(lane): \(mark.text) cancelled at \(time)"
            shape = "<circle r=\"7\"/><path class=\"glyph\" d=\"M-5 5 L5 -5\"/>"
            caption = mark.text + " cancelled"
        }
        var out = "<g class=\"mark \(kind)\" tabindex=\"0\" role=\"img\" aria-label=\"\(e(label))\" data-time=\"\(mark.time)\""
        if !isSteps { out += " data-output=\"\(e(lane))\"" }
        out += " data-text=\"\(e(mark.text))\" transform=\"translate(\(n(x)) \(n(y)))\"><title>\(e(label))</title>\(shape)"
        if let caption {
            // Shown beside the mark as far as the next mark leaves room; the whole text is in the tooltip.
            let characters = Int((room - 16) / 6.2)
            if characters >= 3 {
                out += "<text class=\"caption\" x=\"13\" y=\"-8\">\(e(HTMLText.truncate(caption, characters)))</text>"
            }
        }
        out += "</g>\n"
        return out
    }

    /// FNV-1a over UTF-8: the same colour for the same value in every run (Swift's `hashValue` is seeded per process).
    static func stableHash(_ s: String) -> Int {
        var h: UInt32 = 2_166_136_261
        for b in s.utf8 {
            h ^= UInt32(b)
            h = h &* 16_777_619
        }
        return Int(h % 1_000_003)
    }

    private func n(_ x: Double) -> String { HTMLText.number(x) }
    private func e(_ s: String) -> String { HTMLText.escape(s) }
}
