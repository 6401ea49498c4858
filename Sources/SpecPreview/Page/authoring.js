// specrun preview, the authoring loop: a saved spec that does not check shows its diagnostics
// (the located text of `specrun check`) beside the last good screen, which keeps running and
// stays usable;
// a save that checks takes them away, and the server's new layout is drawn in place.
// Text from the server goes into the DOM with textContent only.
"use strict";

(function () {
  const preview = window.specrunPreview;
  const el = preview.el;

  preview.stateHooks.push((s) => {
    const device = document.getElementById("device");
    let box = document.getElementById("diagnostics");
    if (!box) {
      box = el("div", { id: "diagnostics", role: "alert", hidden: true });
      box.append(el("strong", {}, "The saved spec does not check; the last good screen still runs."), el("pre"));
      device.after(box);
    }
    box.hidden = !s.diagnostics;
    box.querySelector("pre").textContent = s.diagnostics || "";
    device.classList.toggle("stale", Boolean(s.diagnostics));
  });
})();
