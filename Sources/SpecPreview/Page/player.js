// specrun preview: the scenario player. Any scenario of the spec (and a counterexample found with
// Explore) plays step by step, each expectation's result beside its step; the slider scrubs to any
// step, which the preview reaches by playing the scenario again from its start.
"use strict";

(function () {
  const preview = window.specrunPreview;
  const el = preview.el;
  let names = [];

  function byId(id) { return document.getElementById(id); }

  document.addEventListener("DOMContentLoaded", () => {
    byId("play").addEventListener("click", () => preview.send({ op: "play", scenario: parseInt(byId("scenario").value, 10) }));
    byId("forward").addEventListener("click", () => preview.send({ op: "forward" }));
    byId("continue").addEventListener("click", () => preview.send({ op: "continue" }));
    byId("explore").addEventListener("click", () => preview.send({ op: "explore" }));
    byId("scrub").addEventListener("input", () => preview.send({ op: "seek", position: parseInt(byId("scrub").value, 10) }));
  });

  preview.stateHooks.push((s) => {
    const select = byId("scenario");
    if (JSON.stringify(s.scenarios) !== JSON.stringify(names)) {
      names = s.scenarios.slice();
      const kept = select.value;
      select.replaceChildren(...names.map((name, i) => el("option", { value: i }, name)));
      if (kept && Number(kept) < names.length) select.value = kept;
    }
    byId("play").disabled = names.length === 0;
    const p = s.playback;
    const playing = p !== null && p !== undefined;
    for (const id of ["forward", "continue", "scrub"]) byId(id).disabled = !playing;
    const list = byId("steps");
    if (!playing) {
      list.replaceChildren();
      byId("position").textContent = "";
      return;
    }
    if (document.activeElement !== select) select.value = String(p.index);
    const scrub = byId("scrub");
    scrub.max = p.steps.length;
    if (document.activeElement !== scrub) scrub.value = p.position;
    byId("position").textContent = "step " + p.position + " of " + p.steps.length;
    list.replaceChildren(...p.steps.map((step, i) => {
      let status = "pending", mark = "  ";
      if (i < p.position) {
        status = step.failure ? "failed" : "played";
        mark = step.failure ? "✗ " : "✓ ";
      }
      const item = el("li", { class: status, "data-step": i, "aria-current": i === p.position ? "step" : null },
        mark + step.text + (step.failure ? " — " + step.failure : ""));
      item.title = "line " + step.line;
      return item;
    }));
  });
})();
