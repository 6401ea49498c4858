// specrun preview: the services panel. Each service of the spec with the answers its next call
// may get (the spec's declared answer, explore's outcomes, its results, cases and failures, the
// failures its scenarios' overrides give it, decode, timeout and unknown; with --live, the
// backend first), and last `http(N)` with a status box; picking one sends { op: "answer" }. The
// choice holds for one call.
"use strict";

(function () {
  const preview = window.specrunPreview;
  const el = preview.el;
  const services = {};

  preview.layoutHooks.push((layout) => {
    const box = document.getElementById("services");
    for (const k of Object.keys(services)) delete services[k];
    box.replaceChildren();
    document.getElementById("servicesBox").hidden = layout.services.length === 0;
    for (const service of layout.services) {
      const row = el("tr");
      const name = el("td", {}, service.name);
      if (service.live) name.append(" ", el("span", { class: "live" }, "live"));
      const select = el("select", { "data-service": service.name, "aria-label": "next answer of " + service.name });
      service.choices.forEach((label, i) => select.append(el("option", { value: i }, label)));
      const anyHTTP = service.choices.length - 1;
      const status = el("input", { type: "number", min: 100, max: 999, step: 1, value: 500, hidden: true,
        "data-service-status": service.name, "aria-label": "http status of " + service.name });
      const choose = () => {
        const choice = parseInt(select.value, 10);
        status.hidden = choice !== anyHTTP;
        const message = { op: "answer", name: service.name, choice: choice };
        if (choice === anyHTTP) message.status = parseInt(status.value, 10);
        preview.send(message);
      };
      select.addEventListener("change", choose);
      status.addEventListener("change", choose);
      const cell = el("td");
      cell.append(select, status);
      row.append(name, cell);
      box.append(row);
      services[service.name] = { select, status, anyHTTP };
    }
  });

  preview.stateHooks.push((s) => {
    for (const service of s.services) {
      const shown = services[service.name];
      if (!shown) continue;
      if (document.activeElement !== shown.select) shown.select.value = String(service.chosen);
      if (document.activeElement === shown.status) continue;
      shown.status.hidden = service.chosen !== shown.anyHTTP;
      if (service.status !== null && service.status !== undefined) shown.status.value = String(service.status);
    }
  });
})();
