// specrun preview: draws the spec's screen and sends the person's gestures over one WebSocket.
// Every text from the spec goes into the DOM with textContent or a property, never as markup.
"use strict";

const state = { layout: null, socket: null, recording: false, controls: {} };

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
}

function step(verb, target, value) {
  const m = { op: "step", verb: verb, target: target };
  if (value !== undefined) m.value = value;
  send(m);
}

// The hooks the page's other files (services.js, player.js, authoring.js, navigation.js) draw
// their parts through: each layout or state message is passed to every hook after this file drew
// its own part, and a message of a type of theirs to its handler.
const preview = { send: send, el: el, layoutHooks: [], stateHooks: [], messageHooks: {} };
window.specrunPreview = preview;

// The drawings of components. The layout names each component's drawing and the verb each of
// its members' gestures sends (`c.verbs.text` is "type"), both from the kind's catalogue entry:
// which kinds exist and what their gestures are called is the server's, not the page's. Each
// drawing returns { node, update(props) }.
const renderers = {
  group(c) { const node = el("div", { role: "group" }); return { node, update() {} }; },
  label(c) {
    const node = el("p", { class: "label" });
    return { node, update(p) { node.textContent = p.text ?? ""; } };
  },
  textField(c) {
    const secure = /password|secret|pin/i.test(c.name);
    const node = el("input", { type: secure ? "password" : "text", "aria-label": c.name, autocomplete: "off" });
    node.addEventListener("input", () => step(c.verbs.text, c.name, node.value));
    return { node, update(p) {
      if (document.activeElement !== node && node.value !== (p.text ?? "")) node.value = p.text ?? "";
      node.placeholder = p.placeholder ?? "";
      node.disabled = p.enabled === false;
    } };
  },
  textView(c) {
    const node = el("textarea", { "aria-label": c.name, rows: 3 });
    node.addEventListener("input", () => step(c.verbs.text, c.name, node.value));
    return { node, update(p) { if (document.activeElement !== node && node.value !== (p.text ?? "")) node.value = p.text ?? ""; } };
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
      node.placeholder = p.placeholder ?? "";
    } };
  },
  button(c) {
    const node = el("button", { type: "button" }, c.name);
    node.addEventListener("click", () => step(c.verbs.tap, c.name));
    return { node, update(p) { node.textContent = p.title || c.name; node.disabled = p.enabled === false; } };
  },
  slider(c) {
    const node = el("input", { type: "range", min: c.minimum ?? 0, max: c.maximum ?? 1, step: "any", "aria-label": c.name });
    node.addEventListener("change", () => step(c.verbs.value, c.name, Number(node.value)));
    return { node, update(p) {
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
    return { node, update(p) { if (document.activeElement !== node) node.value = p.value ?? 0; node.disabled = p.enabled === false; } };
  },
  segmentedControl(c) {
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
    return { node, update(p) { if (document.activeElement !== node) node.selectedIndex = p.selectedRow ?? 0; node.disabled = p.enabled === false; } };
  },
  switch(c) {
    const node = el("input", { type: "checkbox", role: "switch", "aria-label": c.name });
    node.addEventListener("change", () => step(c.verbs.isOn, c.name, node.checked));
    return { node, update(p) { node.checked = p.isOn === true; node.disabled = p.enabled === false; } };
  },
  list(c) { return list(c); },
  activityIndicator(c) {
    const node = el("div", { class: "spinner", role: "progressbar", "aria-label": c.name });
    return { node, update(p) { node.setAttribute("aria-busy", p.isAnimating === true ? "true" : "false"); } };
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
    const node = el("div", { class: "image", role: "img" });
    return { node, update(p) { node.textContent = p.image ?? "no image"; node.setAttribute("aria-label", p.image ?? "no image"); } };
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
    node.append(back, title, right);
    return { node, update(p) { title.textContent = p.title ?? ""; right.disabled = p.rightButtonEnabled === false; } };
  },
  properties(c) {
    const node = el("dl", { role: "group", "aria-label": c.name });
    return { node, update(p) {
      node.replaceChildren();
      for (const [k, v] of Object.entries(p)) node.append(el("dt", {}, k), el("dd", {}, JSON.stringify(v)));
    } };
  },
};

// A table or collection view: the rows of its list property (`c.rows`), selected with its row
// event's verb, and a button for each of its refresh and scrolling gestures it has.
function list(c) {
  const node = el("div");
  const rows = el("div", { role: "list", "aria-label": c.name });
  node.append(rows);
  if (c.verbs.refresh) {
    const refresh = el("button", { type: "button" }, "Refresh");
    refresh.addEventListener("click", () => step(c.verbs.refresh, c.name));
    node.append(refresh);
  }
  if (c.verbs.reachedBottom) {
    const more = el("button", { type: "button" }, "Scroll to end");
    more.addEventListener("click", () => step(c.verbs.reachedBottom, c.name));
    node.append(more);
  }
  return { node, update(p) {
    const items = Array.isArray(p[c.rows]) ? p[c.rows] : [];
    rows.replaceChildren(...items.map((text, i) => {
      const row = el("div", { role: "listitem", tabindex: 0, "data-row": i }, text);
      row.addEventListener("click", () => step(c.verbs[c.rowEvent], c.name, i));
      return row;
    }));
  } };
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
  } else { node = el("input", { type: "text" }); read = () => node.value; }
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
    if (f.stream || v === undefined || document.activeElement === node) return;
    if (f.control === "checkbox") node.checked = v === "true";
    else if (f.control === "text") { try { node.value = JSON.parse(v); } catch (e) { node.value = v; } }
    else if (f.control === "value") return;
    else if (f.control === "select") node.value = v.replace(/^\./, "");  // a case reads `.name`
    else node.value = v;
  } };
}

function drawLayout(layout) {
  state.layout = layout;
  state.controls = {};
  state.form = {};
  document.getElementById("screen").textContent = layout.screen;
  document.getElementById("file").textContent = layout.file;
  document.title = layout.screen + " · specrun preview";
  const view = document.getElementById("view");
  view.replaceChildren();
  for (const c of layout.components) {
    const render = renderers[c.drawing] || renderers.properties;
    const r = render(c);
    r.node.setAttribute("data-component", c.name);
    const wrap = el("div", { class: "component" });
    wrap.append(el("span", { class: "name" }, c.name + " · " + c.kind), r.node);
    view.append(wrap);
    state.controls[c.name] = r;
  }
  for (const f of layout.form) {
    const r = formField(f);
    view.append(r.node);
    state.form[f.name] = r;
  }
  const values = document.querySelector("#values tbody");
  values.replaceChildren();
  for (const name of layout.values) {
    const expect = el("button", { type: "button", class: "expect", "data-expect": name, hidden: true }, "Expect this");
    expect.addEventListener("click", () => send({ op: "expect", name: name }));
    const row = el("tr");
    row.append(el("td", {}, name), el("td", { "data-output": name }), el("td"));
    row.lastChild.append(expect);
    values.append(row);
  }
  const invariants = document.getElementById("invariants");
  invariants.replaceChildren(...layout.invariants.map((name) => el("li", { "data-invariant": name }, name)));
  document.getElementById("timeline").textContent = "";
  for (const hook of preview.layoutHooks) hook(layout);
}

function drawState(s) {
  document.getElementById("now").textContent = s.now + "ms";
  document.getElementById("pause").textContent = s.paused ? "Resume" : "Pause";
  document.getElementById("fast").setAttribute("aria-pressed", s.speed > 1 ? "true" : "false");
  const record = document.getElementById("record");
  state.recording = s.recording;
  record.textContent = s.recording ? "Stop recording" : "Record";
  record.classList.toggle("recording", s.recording);
  document.getElementById("recordName").hidden = !s.recording;
  document.getElementById("recorded").textContent = s.recording ? s.recordedSteps + " steps recorded" : "";
  for (const b of document.querySelectorAll("button.expect")) b.hidden = !s.recording;
  const error = document.getElementById("error");
  error.hidden = !s.error;
  error.textContent = s.error || "";
  for (const [name, props] of Object.entries(s.components)) state.controls[name]?.update(props);
  for (const [name, text] of Object.entries(s.values)) {
    const cell = document.querySelector('[data-output="' + CSS.escape(name) + '"]');
    if (cell) cell.textContent = text;
    state.form[name]?.update(text);
  }
  for (const inv of s.invariants) {
    const item = document.querySelector('[data-invariant="' + CSS.escape(inv.name) + '"]');
    if (!item) continue;
    item.className = inv.broken ? "broken" : "holds";
    item.textContent = inv.broken ? "✗ " + inv.broken : "✓ " + inv.name;
  }
  const timeline = document.getElementById("timeline");
  if (s.timeline.from === 0) timeline.textContent = "";
  if (s.timeline.lines.length) {
    timeline.textContent += s.timeline.lines.join("\n") + "\n";
    timeline.scrollTop = timeline.scrollHeight;
  }
  for (const hook of preview.stateHooks) hook(s);
}

// The specs under the previewed path: links to each one's screen (the cookie carries the token).
function drawSpecs(message) {
  const nav = document.getElementById("specs");
  nav.hidden = message.specs.length < 2;
  nav.replaceChildren(...message.specs.map((s, i) => {
    const link = el("a", { href: "?spec=" + i, "aria-current": i === message.current ? "page" : null }, s.screen);
    link.title = s.file;
    return link;
  }));
}

function connect() {
  const query = new URLSearchParams(location.search);
  const params = new URLSearchParams();
  params.set("spec", query.get("spec") || "0");
  if (query.get("token")) params.set("token", query.get("token"));
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/socket?" + params.toString();
  const socket = new WebSocket(url);
  state.socket = socket;
  const status = document.getElementById("connection");
  socket.addEventListener("open", () => { status.textContent = "live"; });
  socket.addEventListener("close", () => { status.textContent = "disconnected"; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "specs") drawSpecs(message);
    else if (message.type === "layout") drawLayout(message);
    else if (message.type === "state") drawState(message);
    else if (preview.messageHooks[message.type]) preview.messageHooks[message.type](message);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("pause").addEventListener("click", (e) => send({ op: e.target.textContent === "Pause" ? "pause" : "resume" }));
  document.getElementById("fast").addEventListener("click", (e) => send({ op: "speed", speed: e.target.getAttribute("aria-pressed") === "true" ? 1 : 10 }));
  document.getElementById("next").addEventListener("click", () => send({ op: "next" }));
  document.getElementById("wait").addEventListener("click", () => send({ op: "wait", ms: parseInt(document.getElementById("waitMs").value, 10) || 0 }));
  document.getElementById("restart").addEventListener("click", () => send({ op: "restart" }));
  document.getElementById("record").addEventListener("click", () => {
    if (state.recording) send({ op: "stop", name: document.getElementById("recordName").value });
    else send({ op: "record" });
  });
  connect();
});
