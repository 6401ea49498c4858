// specrun preview: the services panel. Each service of the spec with the answers its next call
// may get (the spec's declared answer, explore's outcomes, its results, cases and failures; with
// --live, the backend first); picking one sends { op: "answer" }. The choice holds for one call.
"use strict";

(function () {
  const preview = window.specrunPreview;
  const el = preview.el;
  const selects = {};

  preview.layoutHooks.push((layout) => {
    const box = document.getElementById("services");
    for (const k of Object.keys(selects)) delete selects[k];
    box.replaceChildren();
    document.getElementById("servicesBox").hidden = layout.services.length === 0;
    for (const service of layout.services) {
      const row = el("tr");
      const name = el("td", {}, service.name);
      if (service.live) name.append(" ", el("span", { class: "live" }, "live"));
      const select = el("select", { "data-service": service.name, "aria-label": "next answer of " + service.name });
      service.choices.forEach((label, i) => select.append(el("option", { value: i }, label)));
      select.addEventListener("change", () => preview.send({ op: "answer", name: service.name, choice: parseInt(select.value, 10) }));
      const cell = el("td");
      cell.append(select);
      row.append(name, cell);
      box.append(row);
      selects[service.name] = select;
    }
  });

  preview.stateHooks.push((s) => {
    for (const service of s.services) {
      const select = selects[service.name];
      if (select && document.activeElement !== select) select.value = String(service.chosen);
    }
  });
})();
