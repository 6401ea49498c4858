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
// components.js fills `renderers` (a drawing per kind of component) and `formField` (a spec
// without `view:`).
const preview = { send: send, el: el, step: step, renderers: {}, formField: null, layoutHooks: [], stateHooks: [], messageHooks: {} };
window.specrunPreview = preview;

function drawLayout(layout) {
  state.layout = layout;
  state.controls = {};
  state.form = {};
  document.getElementById("screen").textContent = layout.screen;
  document.getElementById("file").textContent = layout.file;
  document.title = layout.screen + " · specrun preview";
  const view = document.getElementById("view");
  view.replaceChildren();
  view.style.backgroundColor = "";
  for (const c of layout.components) {
    const render = preview.renderers[c.drawing] || preview.renderers.properties;
    const r = render(c);
    r.node.setAttribute("data-component", c.name);
    // A declared `font:` as iOS draws it: its point size (1 pt is 1 CSS px here) and weight.
    if (c.font && typeof c.font.size === "number" && typeof c.font.weight === "number") {
      r.node.style.fontSize = c.font.size + "px";
      r.node.style.fontWeight = String(c.font.weight);
    }
    // The component's name and kind show on hover only, as Xcode's view debugger names views.
    const wrap = el("div", { class: "component drawn", title: c.name + " · " + c.kind });
    wrap.append(el("span", { class: "name" }, c.name + " · " + c.kind), r.node);
    view.append(wrap);
    r.wrap = wrap;
    state.controls[c.name] = r;
  }
  for (const f of layout.form) {
    const r = preview.formField(f);
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

// A time as a person reads it: `734ms`, `5.000s`, `1m 41.158s`, `2h 0m 3.000s` (the exact
// milliseconds stay in `data-ms`).
function readableTime(ms) {
  if (ms < 1000) return ms + "ms";
  const hours = Math.floor(ms / 3600000), minutes = Math.floor(ms / 60000) % 60;
  const seconds = ((ms % 60000) / 1000).toFixed(3) + "s";
  if (hours > 0) return hours + "h " + minutes + "m " + seconds;
  return minutes > 0 ? minutes + "m " + seconds : seconds;
}
preview.readableTime = readableTime;

function drawState(s) {
  const now = document.getElementById("now");
  now.textContent = readableTime(s.now);
  now.setAttribute("data-ms", String(s.now));
  document.getElementById("pause").textContent = s.paused ? "Resume" : "Pause";
  document.getElementById("fast").setAttribute("aria-pressed", s.speed > 1 ? "true" : "false");
  const record = document.getElementById("record");
  state.recording = s.recording;
  record.textContent = s.recording ? "Stop recording" : "Record";
  record.classList.toggle("recording", s.recording);
  document.getElementById("recordName").hidden = !s.recording;
  document.getElementById("recorded").textContent = s.recording ? s.recordedSteps + " steps recorded" : "";
  const saved = document.getElementById("saved");
  saved.hidden = !s.saved;
  saved.textContent = s.saved || "";
  for (const b of document.querySelectorAll("button.expect")) b.hidden = !s.recording;
  const error = document.getElementById("error");
  error.hidden = !s.error;
  error.textContent = s.error || "";
  for (const [name, props] of Object.entries(s.components)) {
    const r = state.controls[name];
    if (!r) continue;
    r.update(props);
    // UIView's own isHidden and alpha, which every view kind has: a hidden view is not drawn.
    r.wrap.hidden = props.isHidden === true;
    r.wrap.style.opacity = typeof props.alpha === "number" && props.alpha < 1 ? String(props.alpha) : "";
  }
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
