/// The graph page's inline style sheet and script: the page loads nothing else.
enum GraphPageAssets {
    static let css = """
        :root { color-scheme: light; --ink: #1b1b1f; --muted: #5b5b66; --focus: #1a5fb4; }
        * { box-sizing: border-box; }
        html, body { height: 100%; margin: 0; }
        body { display: flex; flex-direction: column; overflow: hidden; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
        header { flex: none; display: flex; flex-wrap: wrap; align-items: center; gap: .3rem 1.2rem; padding: .45rem 1rem; border-bottom: 1px solid #d0d0d8; }
        h1 { font-size: 1.2rem; margin: 0; }
        h1 .kind { font-weight: 400; font-size: .95rem; color: var(--muted); }
        .controls { display: flex; align-items: center; gap: .3rem; }
        .controls button { font: inherit; min-width: 2.2rem; padding: .1rem .55rem; border: 1px solid #b9b9c4; border-radius: 4px; background: #f6f6f9; color: var(--ink); cursor: pointer; }
        .controls button:hover { background: #ececf2; }
        .controls button:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
        #scale { min-width: 3.6rem; text-align: center; font-variant-numeric: tabular-nums; }
        .hint { margin: 0; color: var(--muted); font-size: .85rem; }
        #view { flex: 1 1 auto; position: relative; min-height: 0; overflow: hidden; background: #fcfcfd; cursor: grab; touch-action: none; }
        #view:focus-visible { outline: 3px solid var(--focus); outline-offset: -3px; }
        #view.dragging { cursor: grabbing; }
        #canvas { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
        #canvas svg { display: block; }
        @media print { header { display: none; } body, #view { overflow: visible; height: auto; } #canvas { position: static; transform: none !important; } #canvas svg { width: 100%; height: auto; } }

        """

    /// Zoom keeps the point under the cursor (or the window's centre) in place; the transform is
    /// mirrored in `data-scale`, `data-x` and `data-y` on `#canvas` for tests and tools. "Fit"
    /// shows the whole drawing unless its typical label (the median) would be under 12 px high
    /// (about a 10 px font): then it stays at that size, shows the drawing's top, and the rest is
    /// panned to. Until the reader zooms or pans, a resized window is fitted again.
    static let script = """
        (function () {
          'use strict';
          var view = document.getElementById('view');
          var canvas = document.getElementById('canvas');
          var readout = document.getElementById('scale');
          var width = parseFloat(view.getAttribute('data-width'));
          var height = parseFloat(view.getAttribute('data-height'));
          var MIN = 0.05, MAX = 8, STEP = 1.25, MARGIN = 12, PAN = 80, READABLE = 12;
          var state = { scale: 1, x: 0, y: 0 }, fitted = true;

          function apply() {
            canvas.style.transform = 'translate(' + state.x + 'px, ' + state.y + 'px) scale(' + state.scale + ')';
            canvas.setAttribute('data-scale', String(state.scale));
            canvas.setAttribute('data-x', String(state.x));
            canvas.setAttribute('data-y', String(state.y));
            readout.textContent = Math.round(state.scale * 100) + '%';
          }

          // The height of a typical label at scale 1 (the median: the nodes' text, not the few
          // small edge labels), measured once: "fit" never draws it smaller than READABLE pixels
          // (about a 10 px font), the least a person reads.
          var typical = null;
          function typicalText() {
            if (typical !== null) { return typical; }
            var saved = canvas.style.transform;
            canvas.style.transform = 'none';
            var heights = [];
            var texts = canvas.querySelectorAll('text');
            for (var i = 0; i < texts.length; i++) {
              var box = texts[i].getBoundingClientRect();
              if (box.height > 0) { heights.push(box.height); }
            }
            canvas.style.transform = saved;
            heights.sort(function (a, b) { return a - b; });
            typical = heights.length ? heights[Math.floor(heights.length / 2)] : Infinity;
            return typical;
          }

          // The whole drawing in the window, unless its labels would be too small to read: then
          // at the least readable scale, showing its top (centred across when it fits across),
          // and the rest is panned to. `data-fit` says which: 'whole' or 'readable'.
          function fit() {
            var w = Math.max(1, view.clientWidth - 2 * MARGIN), h = Math.max(1, view.clientHeight - 2 * MARGIN);
            // A small graph is not blown up past twice its size.
            var whole = Math.max(MIN, Math.min(2, w / width, h / height));
            var text = typicalText();
            var readable = isFinite(text) ? READABLE / text : 0;
            state.scale = Math.min(MAX, Math.max(whole, readable));
            var across = width * state.scale, down = height * state.scale;
            state.x = across <= view.clientWidth ? (view.clientWidth - across) / 2 : MARGIN;
            state.y = down <= view.clientHeight ? (view.clientHeight - down) / 2 : MARGIN;
            canvas.setAttribute('data-fit', state.scale > whole ? 'readable' : 'whole');
            canvas.setAttribute('data-fit-width', String(view.clientWidth));
            fitted = true;
            apply();
          }

          function zoom(factor, cx, cy) {
            if (cx === undefined) { cx = view.clientWidth / 2; cy = view.clientHeight / 2; }
            var scale = Math.max(MIN, Math.min(MAX, state.scale * factor));
            var k = scale / state.scale;
            state.x = cx - (cx - state.x) * k;
            state.y = cy - (cy - state.y) * k;
            state.scale = scale;
            fitted = false;
            apply();
          }

          function pan(dx, dy) {
            state.x += dx;
            state.y += dy;
            fitted = false;
            apply();
          }

          view.addEventListener('wheel', function (event) {
            event.preventDefault();
            var box = view.getBoundingClientRect();
            var delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
            zoom(Math.exp(-delta * 0.0015), event.clientX - box.left, event.clientY - box.top);
          }, { passive: false });

          var drag = null;
          view.addEventListener('pointerdown', function (event) {
            if (event.button !== 0) { return; }
            drag = { id: event.pointerId, x: event.clientX, y: event.clientY };
            view.setPointerCapture(event.pointerId);
            view.classList.add('dragging');
          });
          view.addEventListener('pointermove', function (event) {
            if (!drag || drag.id !== event.pointerId) { return; }
            pan(event.clientX - drag.x, event.clientY - drag.y);
            drag.x = event.clientX;
            drag.y = event.clientY;
          });
          function endDrag(event) {
            if (!drag || drag.id !== event.pointerId) { return; }
            drag = null;
            view.classList.remove('dragging');
          }
          view.addEventListener('pointerup', endDrag);
          view.addEventListener('pointercancel', endDrag);

          document.getElementById('zoom-in').addEventListener('click', function () { zoom(STEP); });
          document.getElementById('zoom-out').addEventListener('click', function () { zoom(1 / STEP); });
          document.getElementById('fit').addEventListener('click', fit);

          document.addEventListener('keydown', function (event) {
            // Ctrl and Cmd with + and - are the browser's own zoom.
            if (event.ctrlKey || event.metaKey || event.altKey) { return; }
            var handled = true;
            switch (event.key) {
              case '+': case '=': zoom(STEP); break;
              case '-': case '_': zoom(1 / STEP); break;
              case '0': fit(); break;
              case 'ArrowLeft': pan(PAN, 0); break;
              case 'ArrowRight': pan(-PAN, 0); break;
              case 'ArrowUp': pan(0, PAN); break;
              case 'ArrowDown': pan(0, -PAN); break;
              default: handled = false;
            }
            if (handled) { event.preventDefault(); }
          });

          window.addEventListener('resize', function () { if (fitted) { fit(); } });
          fit();
        })();

        """
}
