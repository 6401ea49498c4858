import SpecRuntime

/// The marble report's inline style sheet, legend and script: the page loads nothing else.
enum ReportAssets {
    static let css = """
        :root { color-scheme: light; --fail: #b3261e; --ok: #1e6b34; --ink: #1b1b1f; --muted: #5b5b66; --line: #8a8a96; }
        * { box-sizing: border-box; }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; margin: 0 auto; padding: 1rem 1.5rem 3rem; max-width: 100rem; }
        .skip { position: absolute; left: -100rem; }
        .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .3rem .6rem; outline: 3px solid #1a5fb4; }
        h1 { font-size: 1.6rem; margin: .4rem 0; }
        h2 { font-size: 1.15rem; margin: 0 0 .2rem; }
        h3 { font-size: 1rem; margin: 0 0 .4rem; }
        nav ol { columns: 2 24rem; column-gap: 3rem; padding-left: 1.4rem; }
        nav a.failed { color: var(--fail); font-weight: 600; }
        .summary { font-weight: 600; }
        .legend { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; padding: 0; list-style: none; color: var(--muted); font-size: .9rem; }
        .legend svg { vertical-align: middle; margin-right: .3rem; }
        .scenario { border: 1px solid #d0d0d8; border-left: 6px solid var(--ok); border-radius: 6px; padding: .8rem 1rem; margin: 1.2rem 0; }
        .scenario.failed { border-color: #e8b4b0; border-left-color: var(--fail); background: #fff8f7; }
        .badge { display: inline-block; font-size: .75rem; font-weight: 700; letter-spacing: .04em; padding: .1rem .45rem; border-radius: 4px; color: #fff; background: var(--ok); vertical-align: middle; }
        .badge.failed { background: var(--fail); }
        .spec { margin: 0 0 .5rem; color: var(--muted); font-size: .85rem; overflow-wrap: anywhere; }
        .truncated { color: var(--fail); font-weight: 600; }
        .problems { margin: .3rem 0 .6rem; padding-left: 1.2rem; overflow-wrap: anywhere; }
        .problems .failure { color: var(--fail); font-weight: 600; }
        .where { color: var(--muted); font-weight: 400; }
        .panes { display: flex; flex-direction: column; gap: .8rem; }
        .diagram { margin: 0; min-width: 0; }
        .scroll { overflow-x: auto; border: 1px solid #e4e4ea; border-radius: 4px; background: #fcfcfd; }
        .readout { min-height: 1.5em; font: 13px/1.4 ui-monospace, "SF Mono", Menlo, Consolas, monospace; color: var(--muted); padding: .3rem .2rem; }
        .diff { min-width: 0; }
        .diff pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; padding: .5rem; border: 1px solid #e4e4ea; border-radius: 4px; background: #fff; font-size: 12px; }
        .diff .added { background: #dafbe1; color: #0f4d22; display: block; }
        .diff .removed { background: #ffe4e1; color: #82071e; display: block; }
        .diff .hunk { color: #6639ba; display: block; }
        .diff .file { color: var(--muted); display: block; }
        .diff .context { display: block; }
        details.text pre { font-size: 12px; overflow-x: auto; }
        svg.marbles { display: block; font: 11px ui-monospace, "SF Mono", Menlo, Consolas, monospace; }
        svg .tick { fill: var(--muted); font-size: 10px; }
        svg .grid { stroke: #ececf1; }
        svg .idle { fill: #f1f1f5; stroke: #c9c9d3; stroke-dasharray: 3 3; }
        svg .run-band { fill: #f5f2fc; stroke: #c8bfe0; stroke-dasharray: 3 3; }
        svg .idle-label { fill: var(--muted); font-size: 10px; font-style: italic; }
        svg .lane-name { fill: var(--ink); font-size: 12px; }
        svg .lane.unchanging .lane-name { fill: var(--muted); }
        svg .lane.steps .lane-name { fill: var(--muted); font-style: italic; }
        svg .lane.output.has-failure .lane-name { fill: var(--fail); font-weight: 700; }
        svg .expect-ring { fill: none; stroke: var(--fail); stroke-width: 2; stroke-dasharray: 4 3; }
        svg .lane-line { stroke: var(--line); stroke-width: 1.5; }
        svg .lane-arrow { fill: var(--line); }
        svg .break { stroke: var(--muted); stroke-width: 1.5; fill: none; }
        svg .mark { cursor: default; outline: none; }
        svg .mark circle { stroke: #33333d; stroke-width: 1.5; }
        svg .mark circle.halo { fill: #ffe08a; stroke: #b07d00; stroke-width: 2; }
        svg .mark .inside { fill: var(--ink); font-size: 10px; font-weight: 700; pointer-events: none; }
        svg .mark .caption { fill: var(--ink); font-size: 11px; }
        svg .mark.ghost circle { opacity: .5; stroke: #5b5b66; stroke-dasharray: 3 2; }
        svg .mark.ghost .caption { fill: var(--muted); font-style: italic; }
        svg .mark.run .caption { fill: #4a3b7a; }
        svg .mark.step path { fill: #1a5fb4; }
        svg .mark.step .caption { fill: #1a4f94; }
        svg .mark.failure circle { fill: var(--fail); stroke: #6d0f0a; }
        svg .mark.failure .glyph { stroke: #fff; stroke-width: 2.2; }
        svg .mark.failure .caption { fill: var(--fail); font-weight: 700; }
        svg .mark.runtime-error path { fill: #e66100; stroke: #7a3300; }
        svg .mark.runtime-error .caption { fill: #a34500; font-weight: 700; }
        svg .mark.completed rect { fill: var(--ink); }
        svg .mark.cancelled circle { fill: #fff; stroke: var(--muted); stroke-dasharray: 2 2; }
        svg .mark.cancelled .glyph { stroke: var(--muted); stroke-width: 1.5; }
        svg .mark.cancelled .caption { fill: var(--muted); }
        svg .mark.terminated-error .glyph { stroke: var(--fail); stroke-width: 3; }
        svg .mark:focus-visible circle, svg .mark:focus-visible path, svg .mark:focus-visible rect, svg .mark:hover circle { stroke: #1a5fb4; stroke-width: 3.5; }
        svg .mark:focus-visible .caption { font-weight: 700; }
        @media (prefers-reduced-motion: no-preference) { svg .mark circle { transition: stroke-width .1s; } }
        @media print {
          body { max-width: none; padding: 0; font-size: 11pt; }
          .skip, nav, .readout { display: none; }
          .scroll { overflow: visible; border: none; }
          svg.marbles { max-width: 100%; height: auto; }
          .scenario { break-inside: avoid-page; background: none; }
          details.text { display: none; }
        }
        """

    /// The legend: what each mark means, drawn as the diagram draws it.
    static let legend = """
        <ul class="legend" aria-label="Legend">
        <li><svg width="22" height="22" aria-hidden="true"><circle cx="11" cy="11" r="8" fill="#a0c4ff" stroke="#33333d" stroke-width="1.5"/></svg>an emission (value on hover, focus and beside it)</li>
        <li><svg width="22" height="22" aria-hidden="true"><circle cx="11" cy="11" r="8" fill="#2f9e57" stroke="#33333d" stroke-width="1.5"/></svg>true</li>
        <li><svg width="22" height="22" aria-hidden="true"><circle cx="11" cy="11" r="8" fill="#8d8d99" stroke="#33333d" stroke-width="1.5"/></svg>false</li>
        <li><svg width="22" height="22" aria-hidden="true"><circle cx="11" cy="11" r="8" fill="#ffffff" stroke="#33333d" stroke-width="1.5" stroke-dasharray="3 2"/></svg>nil</li>
        <li><svg width="22" height="22" aria-hidden="true"><circle cx="11" cy="11" r="10" fill="#ffe08a" stroke="#b07d00" stroke-width="1.5"/><circle cx="11" cy="11" r="6" fill="#a0c4ff" stroke="#33333d" stroke-width="1.5"/></svg>an emission that differs from the snapshot</li>
        <li><svg width="22" height="22" aria-hidden="true"><circle cx="11" cy="11" r="8" fill="#a0c4ff" fill-opacity=".5" stroke="#5b5b66" stroke-width="1.5" stroke-dasharray="3 2"/></svg>the snapshot's emission, at its old time (was …)</li>
        <li><svg width="22" height="22" aria-hidden="true"><path d="M5 3 L19 11 L5 19 Z" fill="#1a5fb4"/></svg>a scenario step</li>
        <li><svg width="22" height="22" aria-hidden="true"><circle cx="11" cy="11" r="8" fill="#b3261e"/><path d="M7 7 L15 15 M15 7 L7 15" stroke="#fff" stroke-width="2.2"/></svg>a failed expectation</li>
        <li><svg width="22" height="22" aria-hidden="true"><path d="M11 2 L20 19 L2 19 Z" fill="#e66100"/></svg>a runtime error</li>
        <li><svg width="22" height="22" aria-hidden="true"><rect x="9" y="1" width="4" height="20" fill="#1b1b1f"/></svg>completed</li>
        <li><svg width="22" height="22" aria-hidden="true"><path d="M4 4 L18 18 M18 4 L4 18" stroke="#b3261e" stroke-width="3"/></svg>terminated by an error</li>
        <li><svg width="22" height="22" aria-hidden="true"><circle cx="11" cy="11" r="7" fill="#fff" stroke="#5b5b66" stroke-dasharray="2 2"/><path d="M6 16 L16 6" stroke="#5b5b66" stroke-width="1.5"/></svg>a request cancelled before it answered</li>
        <li><svg width="22" height="22" aria-hidden="true"><rect x="2" y="3" width="18" height="16" fill="#f1f1f5" stroke="#c9c9d3" stroke-dasharray="3 3"/></svg>a long idle stretch, compressed (its length is written above it)</li>
        <li><svg width="22" height="22" aria-hidden="true"><rect x="2" y="3" width="18" height="16" fill="#f5f2fc" stroke="#c8bfe0" stroke-dasharray="3 3"/></svg>a run of periodic ticks, drawn as one mark per lane (N×, first … last value)</li>
        </ul>

        """

    /// Shows the focused or hovered mark in the figure's live region, moves along a lane with the
    /// left and right arrow keys and between lanes with up and down, and opens the text timelines
    /// for printing. The page works without it.
    static let script = """
        (function () {
          function readout(mark) {
            var figure = mark.closest('figure');
            var out = figure && figure.querySelector('.readout');
            if (out) { out.textContent = mark.getAttribute('aria-label'); }
          }
          function lanesOf(mark) { return Array.prototype.slice.call(mark.closest('svg').querySelectorAll('.lane')); }
          function marksOf(lane) { return Array.prototype.slice.call(lane.querySelectorAll('.mark')); }
          function x(mark) { var t = mark.transform.baseVal.consolidate(); return t ? t.matrix.e : 0; }
          document.addEventListener('focusin', function (event) {
            if (event.target.classList && event.target.classList.contains('mark')) { readout(event.target); }
          });
          document.addEventListener('mouseover', function (event) {
            var mark = event.target.closest && event.target.closest('.mark');
            if (mark) { readout(mark); }
          });
          document.addEventListener('keydown', function (event) {
            var mark = event.target;
            if (!mark.classList || !mark.classList.contains('mark')) { return; }
            var lane = mark.closest('.lane');
            var next = null;
            if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
              var marks = marksOf(lane);
              next = marks[marks.indexOf(mark) + (event.key === 'ArrowRight' ? 1 : -1)];
            } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              var lanes = lanesOf(mark);
              var i = lanes.indexOf(lane) + (event.key === 'ArrowDown' ? 1 : -1);
              while (i >= 0 && i < lanes.length && !next) {
                var here = x(mark), best = null;
                marksOf(lanes[i]).forEach(function (m) { if (!best || Math.abs(x(m) - here) < Math.abs(x(best) - here)) { best = m; } });
                next = best;
                i += event.key === 'ArrowDown' ? 1 : -1;
              }
            } else if (event.key === 'Home' || event.key === 'End') {
              var all = marksOf(lane);
              next = event.key === 'Home' ? all[0] : all[all.length - 1];
            }
            if (next) { next.focus(); event.preventDefault(); }
          });
        })();

        """
}
