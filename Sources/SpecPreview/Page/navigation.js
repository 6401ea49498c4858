// specrun preview, navigation: the page's stack of screens. A navigation output the shown screen
// emits opens its target on top (the server sends its layout); Back closes it and shows the
// screen beneath as it was. Text from the server goes into the DOM with textContent only.
"use strict";

(function () {
  const preview = window.specrunPreview;
  const el = preview.el;

  function stackBar() {
    let bar = document.getElementById("stack");
    if (!bar) {
      bar = el("nav", { id: "stack", "aria-label": "screens opened", hidden: true });
      document.querySelector("main").before(bar);
    }
    return bar;
  }

  preview.messageHooks.stack = (m) => {
    const bar = stackBar();
    bar.hidden = m.screens.length < 2;
    if (m.screens.length < 2) { bar.replaceChildren(); return; }
    const back = el("button", { type: "button", id: "navigateBack" }, "‹ Back to " + m.screens[m.screens.length - 2]);
    back.addEventListener("click", () => preview.send({ op: "navigateBack" }));
    bar.replaceChildren(back, el("span", { class: "path" }, m.screens.join(" › ")));
  };

  preview.messageHooks.navigationFailed = (m) => {
    const bar = stackBar();
    bar.hidden = false;
    bar.append(el("span", { role: "alert", class: "failed" }, m.message));
  };
})();
