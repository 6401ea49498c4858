import SpecRuntime

/// Draws one ``MarbleDiagram`` as inline SVG where ``MarbleLayout`` places it: a time axis, the
/// steps lane, then a lane per output; every mark focusable, with its whole value in a tooltip
/// (`<title>`) and an accessible label.
struct MarbleSVG {
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
        let layout = MarbleLayout(diagram)
        let emissions = diagram.lanes.reduce(0) { $0 + $1.emissionCount }
        let summary = "\(diagram.lanes.count) output lane\(diagram.lanes.count == 1 ? "" : "s"), \(emissions) emission\(emissions == 1 ? "" : "s"), "
            + "\(diagram.steps.filter { $0.kind == .step }.count) steps, from 0ms to \(HTMLText.time(diagram.endTime))"
        let (width, height) = (layout.width, layout.height)
        var out = "<svg class=\"marbles\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"group\" aria-label=\"\(e("Marble diagram: " + summary))\">\n"
        out += drawAxis(layout, top: MarbleLayout.axisHeight, bottom: height - 4)
        for row in layout.rows { out += drawLane(row, layout: layout, right: width - 20) }
        out += "</svg>\n"
        return out
    }

    private func drawAxis(_ layout: MarbleLayout, top: Double, bottom: Double) -> String {
        var out = "<g class=\"axis\" aria-hidden=\"true\">\n"
        for b in layout.breaks {
            out += "<rect class=\"idle\" x=\"\(n(b.x0))\" y=\"\(n(top - 6))\" width=\"\(n(b.x1 - b.x0))\" height=\"\(n(bottom - top + 6))\"/>"
            out += "<text class=\"idle-label\" x=\"\(n((b.x0 + b.x1) / 2))\" y=\"\(n(top - 24))\" text-anchor=\"middle\">≈ \(e(HTMLText.time(b.to - b.from))) idle</text>\n"
        }
        for run in layout.runs {
            out += "<rect class=\"run-band\" x=\"\(n(run.x0))\" y=\"\(n(top - 6))\" width=\"\(n(run.x1 - run.x0))\" height=\"\(n(bottom - top + 6))\"/>"
            out += "<text class=\"idle-label\" x=\"\(n((run.x0 + run.x1) / 2))\" y=\"\(n(top - 24))\" text-anchor=\"middle\">"
                + "\(run.count) more, every \(e(HTMLText.time(run.every)))</text>\n"
        }
        for instant in layout.instants {
            out += "<line class=\"grid\" x1=\"\(n(instant.x))\" y1=\"\(n(top - 4))\" x2=\"\(n(instant.x))\" y2=\"\(n(bottom))\"/>"
            out += "<text class=\"tick\" x=\"\(n(instant.x))\" y=\"\(n(top - 10))\" text-anchor=\"middle\">\(e(HTMLText.time(instant.time)))</text>\n"
        }
        out += "</g>\n"
        return out
    }

    private func drawLane(_ row: MarbleLayout.Row, layout: MarbleLayout, right: Double) -> String {
        let name = row.name
        let marks = row.marks.map(\.mark) + row.runs.flatMap(\.marks)
        let emissions = marks.filter { $0.kind == .emission }.count
        let missed = row.isSteps ? [] : diagram.expectationFailures[name] ?? []
        let failures = marks.filter { $0.kind == .failure || $0.kind == .runtimeError }.count
        let laneLabel = row.isSteps
            ? "steps lane: \(marks.filter { $0.kind == .step }.count) steps" + (failures > 0 ? ", \(failures) failure\(failures == 1 ? "" : "s")" : "")
            : "\(name): \(emissions) emission\(emissions == 1 ? "" : "s")" + (missed.isEmpty ? "" : ", an expectation failed")
        var classes = row.isSteps ? "lane steps" : "lane output"
        if row.compact { classes += " unchanging" }
        if failures > 0 || !missed.isEmpty { classes += " has-failure" }
        let y = row.y
        var out = "<g class=\"\(classes)\" role=\"group\" aria-label=\"\(e(laneLabel))\"" + (row.isSteps ? "" : " data-output=\"\(e(name))\"") + ">\n"
        out += "<title>\(e(name))</title>"
        out += "<text class=\"lane-name\" x=\"\(n(layout.labelWidth))\" y=\"\(n(y + 4))\" text-anchor=\"end\">\(e(HTMLText.truncate(name, 34)))</text>"
        out += "<line class=\"lane-line\" x1=\"\(n(layout.labelWidth + 10))\" y1=\"\(n(y))\" x2=\"\(n(right))\" y2=\"\(n(y))\"/>"
        out += "<path class=\"lane-arrow\" d=\"M\(n(right)) \(n(y)) l-8 -4 v8 z\"/>\n"
        for b in layout.breaks {
            let mid = (b.x0 + b.x1) / 2
            out += "<path class=\"break\" d=\"M\(n(mid - 7)) \(n(y + 7)) l6 -14 M\(n(mid + 1)) \(n(y + 7)) l6 -14\"/>"
        }
        // Where an `expect:` found this output wrong: a ring on the lane (the steps lane's ✗ is
        // the mark a screen reader reads).
        for time in missed {
            guard let x = layout.x(time) else { continue }
            out += "<circle class=\"expect-ring\" aria-hidden=\"true\" cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"16\"/>"
        }
        // Marks and run bands in time order, so that Tab and the arrow keys follow the time.
        var items: [(time: Int, text: String)] = row.marks.map { ($0.mark.time, drawMark($0, lane: name, isSteps: row.isSteps, y: y)) }
        for run in row.runs { items.append((run.marks[0].time, drawRun(run, layout.runs[run.run], lane: name, y: y))) }
        for item in items.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }) { out += item.element.text }
        out += "</g>\n"
        return out
    }

    private func drawMark(_ placed: MarbleLayout.PlacedMark, lane: String, isSteps: Bool, y: Double) -> String {
        let mark = placed.mark
        let time = HTMLText.time(mark.time)
        let r = n(MarbleLayout.radius)
        let label: String
        let kind: String
        var shape: String
        switch mark.kind {
        case .emission:
            let changed = diagram.changed.contains(.init(output: lane, time: mark.time, value: mark.text))
            kind = changed ? "marble changed" : "marble"
            label = "\(lane) = \(mark.text) at \(time)" + (changed ? ", changed since the snapshot" : "")
            shape = (changed ? "<circle class=\"halo\" r=\"\(n(MarbleLayout.radius + 5))\"/>" : "")
                + "<circle r=\"\(r)\" style=\"\(Self.style(of: mark.text))\"/>"
            if placed.caption == nil { shape += "<text class=\"inside\" y=\"4\" text-anchor=\"middle\">\(e(mark.text))</text>" }
        case .ghost:
            kind = "ghost"
            label = "\(lane) = \(mark.text) at \(time) in the snapshot, not in this run"
            shape = "<circle r=\"\(r)\" style=\"\(Self.style(of: mark.text))\"/>"
        case .step:
            kind = "step"
            label = "step at \(time): \(mark.text)"
            shape = "<path d=\"M-6 -8 L8 0 L-6 8 Z\"/>"
        case .failure:
            kind = "failure"
            label = "failed expectation at \(time): \(mark.text)"
            shape = "<circle r=\"\(r)\"/><path class=\"glyph\" d=\"M-4 -4 L4 4 M4 -4 L-4 4\"/>"
        case .runtimeError:
            kind = "runtime-error"
            label = "runtime error at \(time): \(mark.text)"
            shape = "<path d=\"M0 -10 L10 8 L-10 8 Z\"/><text class=\"inside\" y=\"6\" text-anchor=\"middle\">!</text>"
        case .completed:
            kind = "completed"
            label = "\(lane) completed at \(time)"
            shape = "<rect x=\"-2\" y=\"-12\" width=\"4\" height=\"24\"/>"
        case .terminatedWithError:
            kind = "terminated-error"
            label = "\(lane) failed with \(mark.text) at \(time)"
            shape = "<path class=\"glyph\" d=\"M-8 -8 L8 8 M8 -8 L-8 8\"/>"
        case .cancelled:
            kind = "cancelled"
            label = "\(lane): \(mark.text) cancelled at \(time)"
            shape = "<circle r=\"7\"/><path class=\"glyph\" d=\"M-5 5 L5 -5\"/>"
        }
        var out = "<g class=\"mark \(kind)\" tabindex=\"0\" role=\"img\" aria-label=\"\(e(label))\" data-time=\"\(mark.time)\""
        if !isSteps { out += " data-output=\"\(e(lane))\"" }
        out += " data-text=\"\(e(mark.text))\" transform=\"translate(\(n(placed.x)) \(n(y)))\"><title>\(e(label))</title>\(shape)"
        // The caption may be shortened; the whole text is in the tooltip, the label and the readout.
        if let caption = placed.caption { out += drawCaption(caption) }
        out += "</g>\n"
        return out
    }

    /// A lane's marks inside a run's band: one focusable mark saying how many, from which value
    /// to which, with the first values in its tooltip.
    private func drawRun(_ mark: MarbleLayout.RunMark, _ run: MarbleLayout.Run, lane: String, y: Double) -> String {
        let shown = mark.marks.prefix(12).map(\.text).joined(separator: ", ") + (mark.marks.count > 12 ? ", … " + mark.marks.last!.text : "")
        let label = "\(lane): \(mark.marks.count) emissions every \(HTMLText.time(run.every)) from \(HTMLText.time(run.from)) to \(HTMLText.time(run.to)): \(shown)"
        let r = n(MarbleLayout.radius)
        var out = "<g class=\"mark run\" tabindex=\"0\" role=\"img\" aria-label=\"\(e(label))\" data-time=\"\(run.from)\" data-count=\"\(mark.marks.count)\""
            + " data-output=\"\(e(lane))\" transform=\"translate(\(n(mark.x)) \(n(y)))\"><title>\(e(label))</title>"
        out += "<circle r=\"\(r)\" cx=\"6\" style=\"\(Self.style(of: mark.marks.last!.text))\"/><circle r=\"\(r)\" style=\"\(Self.style(of: mark.marks[0].text))\"/>"
        out += drawCaption(mark.caption) + "</g>\n"
        return out
    }

    private func drawCaption(_ caption: MarbleLayout.Caption) -> String {
        "<text class=\"caption\" x=\"\(n(caption.x))\" y=\"\(n(caption.y))\">\(e(caption.text))</text>"
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
