// specrun preview: the drawings of the screen's components, as iOS draws them. Every text from
// the spec goes into the DOM with textContent or a property, never as markup; a colour is a CSS
// colour the server made from the spec's value and is set through the style object.
"use strict";

(function () {
  const preview = window.specrunPreview;
  const el = preview.el, step = preview.step, send = preview.send;

  // What a component without a title of its own shows, as a person would label it:
  // `resetButton` reads "Reset", `email` "Email". Its name is on hover only.
  function humanized(name) {
    const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(/[\s_.]+/).filter(Boolean);
    if (words.length > 1 && /^(button|field|label|view|control|bar)$/i.test(words[words.length - 1])) words.pop();
    const text = words.join(" ").toLowerCase();
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  preview.humanized = humanized;

  // A colour property paints as UIKit paints it: the server sends it as a CSS colour.
  function paint(node, property, color) {
    node.style[property] = typeof color === "string" && color.startsWith("rgba(") ? color : "";
  }

  // The drawings of components. The layout names each component's drawing and the verb each of
  // its members' gestures sends (`c.verbs.text` is "type"), both from the kind's catalogue entry:
  // which kinds exist and what their gestures are called is the server's, not the page's. Each
  // drawing returns { node, update(props) }.
  const renderers = preview.renderers;
  Object.assign(renderers, {
    group(c) {
      // The screen's own `view` is the screen: its background paints the whole device.
      const node = el("div", { role: "group", class: c.name === "view" ? "root" : "plain" });
      const surface = c.name === "view" ? document.getElementById("view") : node;
      return { node, update(p) { paint(surface, "backgroundColor", p.backgroundColor); } };
    },
    label(c) {
      const node = el("p", { class: "label" });
      return { node, update(p) { node.textContent = p.text ?? ""; paint(node, "color", p.textColor); } };
    },
    textField(c) {
      // A password field (the server names it sensitive) is dots, and its value is masked elsewhere.
      const node = el("input", { type: c.secure ? "password" : "text", "aria-label": c.name, autocomplete: "off" });
      node.addEventListener("input", () => step(c.verbs.text, c.name, node.value));
      return { node, update(p) {
        if (document.activeElement !== node && node.value !== (p.text ?? "")) node.value = p.text ?? "";
        node.placeholder = p.placeholder || humanized(c.name);
        node.disabled = p.enabled === false;
        paint(node, "color", p.textColor);
      } };
    },
    textView(c) {
      const node = el("textarea", { "aria-label": c.name, rows: 3 });
      node.addEventListener("input", () => step(c.verbs.text, c.name, node.value));
      return { node, update(p) {
        if (document.activeElement !== node && node.value !== (p.text ?? "")) node.value = p.text ?? "";
        paint(node, "color", p.textColor);
      } };
    },
    searchBar(c) {
      const node = el("input", { type: "search", "aria-label": c.name });
      node.addEventListener("input", () => step(c.verbs.text, c.name, node.value));
      node.addEventListener("keydown", (e) => {
        if (e.key === "Enter") step(c.verbs.searchButtonClicked, c.name);
        if (e.key === "Escape") step(c.verbs.cancelButtonClicked, c.name);
      });
      return { node, update(p) {
        if (document.activeElement !== node && node.value !== (p.text ?? "")) node.value = p.text ?? "";
        node.placeholder = p.placeholder || "Search";
      } };
    },
    button(c) {
      const node = el("button", { type: "button" }, humanized(c.name));
      node.addEventListener("click", () => step(c.verbs.tap, c.name));
      return { node, update(p) { node.textContent = p.title || humanized(c.name); node.disabled = p.enabled === false; } };
    },
    slider(c) {
      const node = el("input", { type: "range", min: c.minimum ?? 0, max: c.maximum ?? 1, step: "any", "aria-label": c.name });
      // A drag is played as UIKit orders it: the touch down (`press`), the value the thumb is
      // let go at (`slide`), the touch up (`release`); a browser may send `change` after
      // `pointerup`, so the value goes on `pointerup`, before the release, and `change` sends
      // only what no pointer did (the keyboard's arrows).
      let held = false, sent = null;
      node.addEventListener("pointerdown", () => {
        if (held || node.disabled) return;
        held = true;
        step(c.verbs.touchDown, c.name);
      });
      const letGo = () => {
        if (!held) return;
        held = false;
        sent = node.value;
        step(c.verbs.value, c.name, Number(node.value));
        step(c.verbs.touchUpInside, c.name);
      };
      node.addEventListener("pointerup", letGo);
      node.addEventListener("pointercancel", letGo);
      node.addEventListener("change", () => {
        if (sent === node.value) { sent = null; return; }
        sent = null;
        step(c.verbs.value, c.name, Number(node.value));
      });
      return { node, update(p) {
        // Bounds an expression gives are properties, shown as they change.
        if (typeof p.minimumValue === "number") node.min = p.minimumValue;
        if (typeof p.maximumValue === "number") node.max = p.maximumValue;
        const v = Number(p.value ?? 0);
        if (v < Number(node.min)) node.min = v;
        if (v > Number(node.max)) node.max = v;
        if (document.activeElement !== node) node.value = v;
        node.disabled = p.enabled === false;
      } };
    },
    stepper(c) {
      const node = el("input", { type: "number", min: c.minimum ?? 0, max: c.maximum ?? 100, step: c.step ?? 1, "aria-label": c.name });
      node.addEventListener("change", () => step(c.verbs.value, c.name, Number(node.value)));
      return { node, update(p) {
        if (typeof p.minimumValue === "number") node.min = p.minimumValue;
        if (typeof p.maximumValue === "number") node.max = p.maximumValue;
        if (document.activeElement !== node) node.value = p.value ?? 0;
        node.disabled = p.enabled === false;
      } };
    },
    segmentedControl(c) {
      if (c.titlesProperty) {
        // Titles an expression gives: the radio buttons drawn again whenever they change (a list
        // property arrives as table cells, [title, detail]: a title is the cell's first text).
        const node = el("div", { class: "segments", role: "radiogroup", "aria-label": c.name });
        let shown = null, buttons = [];
        return { node, update(p) {
          const titles = Array.isArray(p[c.titlesProperty]) ? p[c.titlesProperty] : [];
          if (JSON.stringify(titles) !== shown) {
            shown = JSON.stringify(titles);
            node.replaceChildren();
            buttons = titles.map((title, i) => {
              const b = el("button", { type: "button", role: "radio", "aria-checked": "false", "data-segment": i }, (Array.isArray(title) ? String(title[0]) : String(title)));
              b.addEventListener("click", () => step(c.verbs.selectedIndex, c.name, i));
              node.append(b);
              return b;
            });
          }
          buttons.forEach((b, i) => { b.setAttribute("aria-checked", p.selectedIndex === i ? "true" : "false"); b.disabled = p.enabled === false; });
        } };
      }
      if (Array.isArray(c.titles)) {
        // The segments' titles from the spec: one radio button each, picking its index.
        const node = el("div", { class: "segments", role: "radiogroup", "aria-label": c.name });
        const buttons = c.titles.map((title, i) => {
          const b = el("button", { type: "button", role: "radio", "aria-checked": "false", "data-segment": i }, title);
          b.addEventListener("click", () => step(c.verbs.selectedIndex, c.name, i));
          node.append(b);
          return b;
        });
        return { node, update(p) {
          buttons.forEach((b, i) => { b.setAttribute("aria-checked", p.selectedIndex === i ? "true" : "false"); b.disabled = p.enabled === false; });
        } };
      }
      const node = el("input", { type: "number", min: -1, step: 1, "aria-label": c.name + " selected segment" });
      node.addEventListener("change", () => step(c.verbs.selectedIndex, c.name, parseInt(node.value, 10)));
      return { node, update(p) { if (document.activeElement !== node) node.value = p.selectedIndex ?? -1; node.disabled = p.enabled === false; } };
    },
    datePicker(c) {
      const node = el("input", { type: "date", "aria-label": c.name });
      node.addEventListener("change", () => step(c.verbs.date, c.name, node.value));
      return { node, update(p) { if (document.activeElement !== node) node.value = p.date ?? ""; node.disabled = p.enabled === false; } };
    },
    picker(c) {
      // The rows' titles from the spec, one option each; choosing one picks its row.
      const node = el("select", { size: Math.min(Math.max(c.titles?.length ?? 0, 2), 5), "aria-label": c.name });
      (c.titles ?? []).forEach((title, i) => node.append(el("option", { value: i }, title)));
      node.addEventListener("change", () => step(c.verbs.selectedRow, c.name, node.selectedIndex));
      let shown = null;
      return { node, update(p) {
        // Titles an expression gives: the options drawn again whenever they change.
        if (c.titlesProperty) {
          const titles = Array.isArray(p[c.titlesProperty]) ? p[c.titlesProperty] : [];
          if (JSON.stringify(titles) !== shown) {
            shown = JSON.stringify(titles);
            node.replaceChildren(...titles.map((title, i) => el("option", { value: i }, (Array.isArray(title) ? String(title[0]) : String(title)))));
            node.size = Math.min(Math.max(titles.length, 2), 5);
          }
        }
        if (document.activeElement !== node) node.selectedIndex = p.selectedRow ?? 0;
        node.disabled = p.enabled === false;
      } };
    },
    switch(c) {
      const node = el("input", { type: "checkbox", role: "switch", "aria-label": c.name });
      node.addEventListener("change", () => step(c.verbs.isOn, c.name, node.checked));
      return { node, update(p) { node.checked = p.isOn === true; node.disabled = p.enabled === false; } };
    },
    list(c) { return list(c); },
    activityIndicator(c) {
      // UIActivityIndicatorView hides when stopped (hidesWhenStopped), and spins while animating.
      const node = el("div", { class: "spinner", role: "progressbar", "aria-label": c.name });
      return { node, update(p) {
        node.setAttribute("aria-busy", p.isAnimating === true ? "true" : "false");
        node.hidden = p.isAnimating !== true;
      } };
    },
    refreshControl(c) {
      const node = el("button", { type: "button" }, "Pull to refresh");
      node.addEventListener("click", () => step(c.verbs.valueChanged, c.name));
      return { node, update(p) { node.setAttribute("aria-busy", p.isRefreshing === true ? "true" : "false"); } };
    },
    progressView(c) {
      const node = el("progress", { max: 1, "aria-label": c.name });
      return { node, update(p) { node.value = Number(p.progress ?? 0); } };
    },
    pageControl(c) {
      const node = el("input", { type: "number", min: 0, step: 1, "aria-label": c.name + " page" });
      node.addEventListener("change", () => step(c.verbs.currentPage, c.name, parseInt(node.value, 10)));
      return { node, update(p) { if (document.activeElement !== node) node.value = p.currentPage ?? 0; } };
    },
    imageView(c) {
      // An image the preview does not load (nothing leaves the machine): a placeholder with the
      // image's name or URL under it, as text; nil draws the empty placeholder.
      const node = el("div", { class: "image", role: "img" });
      const source = el("span", { class: "source" });
      node.append(el("span", { class: "placeholder", "aria-hidden": "true" }), source);
      return { node, update(p) {
        const image = typeof p.image === "string" ? p.image : null;
        source.textContent = image ?? "no image";
        node.classList.toggle("empty", image === null);
        node.setAttribute("aria-label", image === null ? "no image" : "image " + image);
      } };
    },
    alert(c) {
      const node = el("div", { role: "alertdialog", "aria-label": c.name });
      const title = el("strong"), message = el("p");
      node.append(title, message);
      // The alert's buttons from the spec, each choosing its title.
      for (const name of Array.isArray(c.titles) ? c.titles : []) {
        const b = el("button", { type: "button", "data-button": name }, name);
        b.addEventListener("click", () => step(c.verbs.buttonTapped, c.name, name));
        node.append(b);
      }
      if (!Array.isArray(c.titles)) {
        const answer = el("input", { type: "text", "aria-label": c.name + " button title", value: "OK" });
        const choose = el("button", { type: "button" }, "Choose");
        choose.addEventListener("click", () => step(c.verbs.buttonTapped, c.name, answer.value));
        node.append(answer, choose);
      }
      return { node, update(p) {
        node.hidden = p.message === null || p.message === undefined;
        title.textContent = p.title ?? ""; message.textContent = p.message ?? "";
      } };
    },
    navigationBar(c) {
      const node = el("div", { class: "navbar", role: "navigation", "aria-label": c.name });
      const back = el("button", { type: "button" }, "‹ Back"), title = el("span", { role: "heading", "aria-level": 2 }), right = el("button", { type: "button" }, "•••");
      back.addEventListener("click", () => step(c.verbs.backTap, c.name));
      right.addEventListener("click", () => step(c.verbs.rightButtonTap, c.name));
      // A bar button the spec does not wire is not there (its place kept, so the title stays centred).
      back.style.visibility = (c.wired || []).includes("backTap") ? "" : "hidden";
      right.style.visibility = (c.wired || []).includes("rightButtonTap") ? "" : "hidden";
      node.append(back, title, right);
      return { node, update(p) { title.textContent = p.title ?? ""; right.disabled = p.rightButtonEnabled === false; } };
    },
    properties(c) {
      // A custom component (a delegate such as a location manager): the properties bindings
      // write, and each callback fired with a value written as in a scenario's `fire:`.
      const node = el("div", { role: "group", "aria-label": c.name, class: "custom" });
      const shown = el("dl");
      node.append(shown);
      for (const callback of c.callbacks || []) {
        const row = el("div", { class: "callback" });
        const fire = el("button", { type: "button", "data-fire": callback.name }, callback.name);
        row.append(fire);
        if (callback.type === "Void") {
          // A callback without parameters (a view controller's viewDidAppear): the button alone.
          fire.addEventListener("click", () => step("fire", c.name + "." + callback.name));
        } else {
          const value = el("input", { type: "text", class: "flow", spellcheck: "false", "data-callback": callback.name,
            "aria-label": c.name + "." + callback.name + ": " + callback.type });
          value.value = callback.example || "";
          fire.addEventListener("click", () => send({ op: "step", verb: "fire", target: c.name + "." + callback.name, yaml: value.value }));
          row.append(value);
        }
        node.append(row);
      }
      return { node, update(p) {
        shown.replaceChildren();
        for (const [k, v] of Object.entries(p)) shown.append(el("dt", {}, k), el("dd", {}, JSON.stringify(v)));
      } };
    },
  });

  // A table or collection view: the rows of its list property (`c.rows`), selected with its row
  // event's verb, and a button for each of its refresh and scrolling gestures it has.
  function list(c) {
    // A table view: a pull-to-refresh strip above its rows (a spinner while `refreshing`), each
    // row a cell with its disclosure, a load-earlier header for scrolling to the top and a load-more
    // footer for scrolling to the end.
    const node = el("div", { class: "table" });
    const rows = el("div", { role: "list", "aria-label": c.name });
    let refreshing = null;
    const wired = (event) => (c.wired || []).includes(event);
    if (c.verbs.refresh && wired("refresh")) {
      const refresh = el("button", { type: "button", class: "pull", "data-gesture": "refresh" }, "↓ Pull to refresh");
      refreshing = el("div", { class: "spinner", role: "progressbar", "aria-label": c.name + " refreshing", hidden: true });
      refresh.addEventListener("click", () => step(c.verbs.refresh, c.name));
      node.append(refresh, refreshing);
    }
    // Paging up (a chat's older messages): a button above the rows for scrolling to the top.
    if (c.verbs.reachedTop && wired("reachedTop")) {
      const earlier = el("button", { type: "button", class: "more", "data-gesture": "reachedTop" }, "Load earlier…");
      earlier.addEventListener("click", () => step(c.verbs.reachedTop, c.name));
      node.append(earlier);
    }
    node.append(rows);
    if (c.verbs.reachedBottom && wired("reachedBottom")) {
      const more = el("button", { type: "button", class: "more", "data-gesture": "reachedBottom" }, "Load more…");
      more.addEventListener("click", () => step(c.verbs.reachedBottom, c.name));
      node.append(more);
    }
    return { node, update(p) {
      const items = Array.isArray(p[c.rows]) ? p[c.rows] : [];
      if (refreshing) refreshing.hidden = p.refreshing !== true && p.isRefreshing !== true;
      // A row's text field being typed into keeps its text and focus while the rows are drawn
      // again (a state message comes with every tick of the clock); its change is sent on leaving.
      const typing = rowTyping(rows);
      rows.replaceChildren(...items.map(([title, detail], i) => {
        // A subtitle cell: the title, and the detail line under it in grey; a row with its own
        // view (a cell's outlets) shows that instead, as its cell does.
        const row = el("div", { role: "listitem", tabindex: 0, "data-row": i });
        const own = c.rowView && Array.isArray(p.rowViews) ? p.rowViews[i] : null;
        if (own) {
          row.append(rowComponents(c.rowView, own));
        } else {
          const text = el("div", { class: "cell" });
          text.append(el("span", { class: "title" }, title));
          if (detail) text.append(el("span", { class: "detail" }, detail));
          row.append(text);
        }
        row.addEventListener("click", () => step(c.verbs[c.rowEvent], c.name, i));
        const edits = rowEdits(c, i, items.length);
        if (edits) row.append(edits);
        return row;
      }));
      if (typing) typing.restore(rows);
    } };
  }

  // A table row's editing controls, as its edit mode shows them: up and down for reordering
  // (`move:`, when the spec binds `itemMoved`) and Delete for swipe to delete (`delete:`, when it
  // binds `itemDeleted` or `modelDeleted`); null when it binds none. They only report, as UIKit
  // does: the row goes away or moves when the view model's list changes. A click on one does not
  // select the row.
  function rowEdits(c, i, count) {
    const wired = (event) => (c.wired || []).includes(event);
    const canMove = c.verbs.itemMoved && wired("itemMoved");
    const canDelete = c.verbs.itemDeleted && (wired("itemDeleted") || wired("modelDeleted"));
    if (!canMove && !canDelete) return null;
    const box = el("span", { class: "edits" });
    const button = (text, label, gesture, act) => {
      const b = el("button", { type: "button", "aria-label": label, "data-gesture": gesture }, text);
      b.addEventListener("click", (e) => { e.stopPropagation(); act(); });
      box.append(b);
      return b;
    };
    if (canMove) {
      const move = (to) => send({ op: "step", verb: c.verbs.itemMoved, target: c.name, yaml: "{ from: " + i + ", to: " + to + " }" });
      button("↑", "move row " + i + " up", "move", () => move(i - 1)).disabled = i === 0;
      button("↓", "move row " + i + " down", "move", () => move(i + 1)).disabled = i === count - 1;
    }
    if (canDelete) button("Delete", "delete row " + i, "delete", () => step(c.verbs.itemDeleted, c.name, i)).classList.add("delete");
    return box;
  }

  // The row text field that has the focus in `rows`, and how to put its text, caret and focus
  // back on the same field of the same row once the rows are drawn again; null when none has it.
  function rowTyping(rows) {
    const active = document.activeElement;
    if (!active || !rows.contains(active) || active.type !== "text" || !active.dataset.rowGesture) return null;
    const row = active.closest("[data-row]");
    const kept = { gesture: active.dataset.rowGesture, row: row ? row.dataset.row : null, value: active.value, caret: active.selectionStart };
    return { restore(drawn) {
      const again = Array.from(drawn.querySelectorAll("[data-row]")).filter((r) => r.dataset.row === kept.row)
        .flatMap((r) => Array.from(r.querySelectorAll("input[type=text]"))).find((n) => n.dataset.rowGesture === kept.gesture);
      if (!again) return;
      again.value = kept.value;
      again.focus();
      if (kept.caret !== null) again.setSelectionRange(kept.caret, kept.caret);
    } };
  }

  // A row's own components (its view model's `view:`), as a cell lays them out: its labels one
  // a line (the first as the title), its image views and controls on a line under them. A button sends its gesture with
  // the row's identity, as a scenario writes it (`tap: { cart.plusButton: { row: 2 } }`), and is
  // disabled while its `enabled` is false on that row (the gesture would be ignored); one with no
  // title (a button over an avatar) shows none, as UIKit draws it, and is named for assistive
  // technology. A stepper shows its value between − and +, each stepping it by its `stepValue:`
  // within its bounds; a switch, a slider, a segmented control and a text field are drawn by
  // rowControl; an image view shows its image's name.
  function rowComponents(view, row) {
    // The cell the row's selection is made on, as a subtitle cell's.
    const box = el("div", { class: "cell row-view" });
    const texts = el("div", { class: "row-texts" });
    const controls = el("div", { class: "row-controls" });
    // A child's one row is named by no row: its steps are `type: { shipping.nameField: "Ada" }`.
    const rowStep = (verb, target, value) => view.child
      ? send(value === undefined ? { op: "step", verb: verb, target: target } : { op: "step", verb: verb, target: target, yaml: String(value) })
      : send({ op: "step", verb: verb, target: target, yaml: "{ row: " + row.row + (value === undefined ? "" : ", value: " + value) + " }" });
    for (const rc of view.components) {
      const shown = (row.components || {})[rc.name] || {};
      if (shown.isHidden === true) continue;
      const target = view.cells + "." + rc.name;
      const disabled = shown.enabled === false;
      const gestures = (rc.wired || []).filter((event) => rc.verbs[event]);
      if (rc.stepper) {
        const value = typeof shown.value === "number" ? shown.value : rc.stepper.minimum;
        const wrap = el("span", { class: "row-stepper", "data-row-component": rc.name });
        const minus = el("button", { type: "button", "aria-label": rc.name + " −", "data-row-gesture": target }, "−");
        const plus = el("button", { type: "button", "aria-label": rc.name + " +", "data-row-gesture": target }, "+");
        minus.disabled = disabled || value - rc.stepper.step < rc.stepper.minimum - 1e-9;
        plus.disabled = disabled || value + rc.stepper.step > rc.stepper.maximum + 1e-9;
        for (const [button, by] of [[minus, -rc.stepper.step], [plus, rc.stepper.step]]) {
          button.addEventListener("click", (e) => { e.stopPropagation(); rowStep(rc.verbs.value, target, value + by); });
        }
        wrap.append(minus, el("span", { class: "value" }, String(value)), plus);
        controls.append(wrap);
      } else if (rc.control) {
        controls.append(rowControl(rc, shown, disabled, (value) => rowStep(rc.control.verb, target, value), target));
      } else if (gestures.length > 0) {
        const event = gestures[0];
        const title = shown.title || shown.text || "";
        const button = el("button", { type: "button", "data-row-gesture": target, "aria-label": title || rc.name }, String(title));
        if (title === "") button.classList.add("untitled");
        button.disabled = disabled;
        button.addEventListener("click", (e) => {
          e.stopPropagation();
          rowStep(rc.verbs[event], target);
        });
        controls.append(button);
      } else if (rc.kind === "imageView") {
        if (shown.image) controls.append(el("span", { class: "image", "data-row-component": rc.name }, "🖼 " + shown.image));
      } else {
        const text = shown.text !== undefined ? shown.text : Object.values(shown).map(String).join(" ");
        // The first label reads as the cell's title, the others as its detail lines.
        if (text !== "") texts.append(el("span", { class: texts.childElementCount === 0 ? "title" : "detail", "data-row-component": rc.name }, String(text)));
      }
    }
    if (texts.childElementCount > 0) box.append(texts);
    if (controls.childElementCount > 0) box.append(controls);
    return box;
  }

  // A view model used by itself (`children:`): its view's components in a box titled with the
  // child's name, drawn as its one row's (`rowComponents`), each gesture the step a scenario
  // writes for a child, naming no row (`type: { shipping.nameField: "Ada" }`).
  renderers.child = function (c) {
    const node = el("fieldset", { class: "child", "aria-label": c.name });
    node.append(el("legend", {}, c.name));
    const body = el("div", { "data-row": "0" });
    node.append(body);
    const view = Object.assign({}, c.rowView, { child: true });
    return { node, update(p) {
      const own = Array.isArray(p.rowViews) ? p.rowViews[0] : null;
      // A field being typed into keeps its text and focus while the child is drawn again.
      const typing = rowTyping(node);
      body.replaceChildren(...(own ? [rowComponents(view, own)] : []));
      if (typing) typing.restore(node);
    } };
  };

  // A control a person changes on a row (`rc.control`: the property it shows and the gesture's
  // verb): a switch, a slider within its bounds, a segmented control's segments (or a picker's
  // rows) as radio buttons, or a field for a number or text. Each sends the gesture with the
  // row's identity and the new value, as a scenario writes it (`toggle: { settings.wifiSwitch:
  // { row: "wifi", value: true } }`); a text is sent when the field is left or Enter is pressed,
  // as the row is drawn again on every change. A click on it does not select the row.
  function rowControl(rc, shown, disabled, change, target) {
    const k = rc.control, value = shown[k.property];
    const data = { "data-row-gesture": target, "data-row-component": rc.name, "aria-label": rc.name };
    let node;
    if (rc.kind === "switch") {
      node = el("input", Object.assign({ type: "checkbox", role: "switch" }, data));
      node.checked = value === true;
      node.addEventListener("change", () => change(node.checked));
    } else if (k.minimum !== undefined && k.maximum !== undefined) {
      node = el("input", Object.assign({ type: "range", min: k.minimum, max: k.maximum, step: "any" }, data));
      node.value = typeof value === "number" ? value : k.minimum;
      node.addEventListener("change", () => change(Number(node.value)));
    } else if (Array.isArray(k.titles)) {
      node = el("span", Object.assign({ class: "segments", role: "radiogroup" }, data));
      k.titles.forEach((title, i) => {
        const b = el("button", { type: "button", role: "radio", "aria-checked": value === i ? "true" : "false", "data-segment": i }, title);
        b.disabled = disabled;
        b.addEventListener("click", (e) => { e.stopPropagation(); if (value !== i) change(i); });
        node.append(b);
      });
    } else if (typeof value === "number") {
      node = el("input", Object.assign({ type: "number", step: 1 }, data));
      node.value = value;
      node.addEventListener("change", () => change(parseInt(node.value, 10)));
    } else {
      node = el("input", Object.assign({ type: "text", autocomplete: "off" }, data));
      node.value = typeof value === "string" ? value : "";
      node.placeholder = shown.placeholder || humanized(rc.name);
      node.addEventListener("change", () => change(JSON.stringify(node.value)));
      node.addEventListener("keydown", (e) => { if (e.key === "Enter") node.blur(); });
    }
    node.disabled = disabled;
    node.addEventListener("click", (e) => e.stopPropagation());
    return node;
  }

  // A spec without `view:`: a control per input by its type, a button per event.
  function formField(f) {
    const wrap = el("div", { class: "component" });
    wrap.append(el("span", { class: "name" }, f.name + ": " + f.type));
    let node, read;
    if (f.control === "button") {
      node = el("button", { type: "button", "data-component": f.name }, f.name);
      node.addEventListener("click", () => step("send", f.name));
      wrap.append(node);
      return { node: wrap, update() {} };
    }
    if (f.control === "value") {
      // A record or a list, written as in a scenario; the server checks it is one YAML value.
      node = el("input", { type: "text", class: "flow", spellcheck: "false" });
      node.value = f.example || "";
      read = () => node.value;
    } else if (f.control === "checkbox") { node = el("input", { type: "checkbox", role: "switch" }); read = () => node.checked; }
    else if (f.control === "number") { node = el("input", { type: "number", step: f.type === "Int" ? 1 : "any" }); read = () => f.type === "Int" ? parseInt(node.value, 10) : Number(node.value); }
    else if (f.control === "select") {
      node = el("select");
      for (const name of f.cases || []) node.append(el("option", { value: name }, name));
      read = () => node.value;
    } else { node = el("input", { type: f.secure ? "password" : "text" }); read = () => node.value; }
    node.setAttribute("data-component", f.name);
    node.setAttribute("aria-label", f.name);
    const act = (verb) => f.control === "value" ? send({ op: "step", verb: verb, target: f.name, yaml: read() }) : step(verb, f.name, read());
    if (f.stream) {
      const go = el("button", { type: "button" }, "Send");
      go.addEventListener("click", () => act("send"));
      wrap.append(node, go);
    } else {
      node.addEventListener(f.control === "text" ? "input" : "change", () => act("set"));
      wrap.append(node);
    }
    return { node: wrap, update(v) {
      // A sensitive value reaches the page masked: the field keeps what was typed into it.
      if (f.stream || f.secure || v === undefined || document.activeElement === node) return;
      if (f.control === "checkbox") node.checked = v === "true";
      else if (f.control === "text") { try { node.value = JSON.parse(v); } catch (e) { node.value = v; } }
      else if (f.control === "value") return;
      else if (f.control === "select") node.value = v.replace(/^\./, "");  // a case reads `.name`
      else node.value = v;
    } };
  }
  preview.formField = formField;
})();
