// swivel-web's page: state from the WebSocket (/ws), commands as POSTs with the
// session's X-Swivel-CSRF header, the jog pad over the WebSocket (the service
// stops the stand when a held pad is not renewed or the socket closes).
"use strict";

const $ = (id) => document.getElementById(id);
const S = { csrf: null, state: null, ws: null, wsOpen: false, mode: "follow", drag: null, jogTimer: null, jog: null };

function toast(text, ok) {
  const t = $("toast");
  t.textContent = text;
  t.className = ok ? "toast ok" : "toast";
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, ok ? 1800 : 5000);
}

async function api(path, body) {
  let r;
  try {
    r = await fetch("/api/" + path, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Swivel-CSRF": S.csrf || "" },
      body: JSON.stringify(body || {}),
    });
  } catch (e) {
    toast("swivel-web is not answering: " + e.message);
    return null;
  }
  if (r.status === 401) { location.href = "/login"; return null; }
  let data = {};
  try { data = await r.json(); } catch (e) { /* an empty or non-JSON answer */ }
  if (!r.ok) {
    toast((data.error || ("HTTP " + r.status)) + ": " + (data.reason || r.statusText));
    return null;
  }
  return data;
}

// --- the WebSocket --------------------------------------------------------------

function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  S.ws = ws;
  ws.onopen = () => { S.wsOpen = true; renderLink(); };
  ws.onclose = () => {
    S.wsOpen = false;
    releaseJog(false);
    renderLink();
    setTimeout(connect, 1000);
  };
  ws.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    const st = S.state;
    switch (m.type) {
      case "snapshot": S.state = m.state; renderAll(); return;
      case "refused": toast(m.error + ": " + m.reason); releaseJog(false); return;
      case "pong": return;
    }
    if (!st) return;
    switch (m.type) {
      case "motion": st.motion = m.motion; st.fault = m.motion.fault; renderMotion(); renderFault(); break;
      case "tracking": st.tracking = m.tracking; drawOverlay(); break;
      case "selected": st.selected = m.selected; drawOverlay(); break;
      case "stand": st.stand = m.stand; renderStand(); break;
      case "battery": {
        const i = st.batteries.findIndex((b) => b.name === m.battery.name);
        if (i >= 0) st.batteries[i] = m.battery; else st.batteries.push(m.battery);
        renderBatteries(); break;
      }
      case "fault": st.fault = m.fault; renderFault(); break;
      case "video": st.video = m.video; renderVideo(); break;
      case "presets": st.presets = m.presets; renderPresets(); break;
      case "log": st.log.push(m.entry); if (st.log.length > 200) st.log.shift(); renderLog(); break;
      case "dock": st.dock = m.dock; break;
      case "event": break;
    }
  };
}

// --- rendering ---------------------------------------------------------------------

function renderAll() {
  renderLink(); renderMotion(); renderStand(); renderBatteries(); renderFault(); renderVideo(); renderPresets(); renderLog(); drawOverlay();
}

function renderLink() {
  const st = S.state;
  const up = S.wsOpen && st && st.connected;
  $("link").className = up ? "dot ok" : "dot";
  const off = $("offline");
  if (!S.wsOpen) { off.textContent = "Connection to swivel-web lost: reconnecting…"; off.hidden = false; }
  else if (st && !st.connected) { off.textContent = "swivel-web cannot reach the stand (" + (st.last_error || st.socket) + ")"; off.hidden = false; }
  else off.hidden = true;
  if (st && st.identity) $("name").textContent = st.identity.name;
}

const deg = (r) => (r * 180 / Math.PI).toFixed(1) + "°";

function renderMotion() {
  const m = S.state && S.state.motion;
  if (!m) { $("pos").textContent = ""; return; }
  const p = m.positions_rad;
  $("pos").textContent = "yaw " + deg(p.yaw) + " · pitch " + deg(p.pitch) + (m.moving ? " · moving" : "");
  $("tracking").checked = m.system_tracking_enabled;
  document.body.dataset.moving = m.moving ? "1" : "0";
}

function renderStand() {
  const s = S.state && S.state.stand;
  if (!s) return;
  $("tracking").checked = s.system_tracking_enabled;
  for (const b of $("framing").children) b.classList.toggle("on", b.dataset.mode === s.framing_mode);
  const f = $("limits");
  for (const axis of ["yaw", "pitch"]) {
    const l = s.limits[axis];
    if (!l) continue;
    for (const [k, val] of [["min", l.minimum_rad], ["max", l.maximum_rad], ["speed", l.maximum_speed_rad_per_s]]) {
      const input = f.elements[axis + "-" + k];
      if (document.activeElement !== input && val !== null) input.value = (+val).toFixed(2);
    }
  }
  drawOverlay();
}

function renderBatteries() {
  const el = $("batteries");
  el.textContent = "";
  for (const b of S.state.batteries || []) {
    const span = document.createElement("span");
    span.className = "battery" + (b.low_battery ? " low" : "");
    span.title = b.name + ": " + Math.round(b.level * 100) + "% " + b.charge_state.replace("_", " ");
    const icon = document.createElement("i");
    const fill = document.createElement("b");
    fill.style.width = "calc(" + Math.round(b.level * 100) + "% - 2px)";
    icon.appendChild(fill);
    span.appendChild(icon);
    span.appendChild(document.createTextNode(Math.round(b.level * 100) + "%" + (b.charge_state === "charging" ? "⚡" : "")));
    el.appendChild(span);
  }
}

const FAULTS = {
  motor_fault: "Motor fault: a driver reported an error or stalled",
  encoder_mismatch: "Encoder mismatch: an axis is not where it was commanded",
  limit_switch: "Limit switch: an axis hit its end stop",
};

function renderFault() {
  const f = S.state && S.state.fault;
  const banner = $("fault");
  if (!f || f === "none") { banner.hidden = true; return; }
  $("fault-text").textContent = (FAULTS[f] || f) + ". The motor drivers are released until you clear the fault.";
  banner.hidden = false;
}

function renderVideo() {
  const v = S.state && S.state.video;
  const img = $("video"), msg = $("novideo");
  if (!v || !v.configured) {
    img.removeAttribute("src");
    msg.textContent = "No video: swivel-web was started without --frames (swivel-vision's frames socket).";
    msg.hidden = false;
    return;
  }
  if (!img.getAttribute("src")) img.src = "/stream.mjpg";
  if (v.width && v.height) $("stage").style.aspectRatio = v.width + " / " + v.height;
  if (!v.connected) {
    msg.textContent = "No video: " + (v.error || "waiting for swivel-vision's frames socket") + ". Retrying…";
    msg.hidden = false;
  } else msg.hidden = true;
}

function renderPresets() {
  const el = $("presets");
  el.textContent = "";
  for (const p of S.state.presets || []) {
    const wrap = document.createElement("span");
    wrap.className = "preset";
    const go = document.createElement("button");
    go.type = "button";
    go.textContent = p.name;
    go.title = "yaw " + deg(p.yaw) + ", pitch " + deg(p.pitch);
    go.onclick = () => api("presets/go", { name: p.name });
    const del = document.createElement("button");
    del.type = "button";
    del.textContent = "×";
    del.setAttribute("aria-label", "delete " + p.name);
    del.onclick = () => { if (confirm("Delete preset " + p.name + "?")) api("presets/delete", { name: p.name }); };
    wrap.append(go, del);
    el.appendChild(wrap);
  }
  if (!(S.state.presets || []).length) {
    const hint = document.createElement("span");
    hint.className = "hint";
    hint.textContent = "None yet: move the stand, name the position, Save.";
    el.appendChild(hint);
  }
}

function renderLog() {
  const el = $("log");
  el.textContent = "";
  for (const e of (S.state.log || []).slice(-60).reverse()) {
    const li = document.createElement("li");
    li.className = e.level;
    li.textContent = new Date(e.t * 1000).toLocaleTimeString() + "  " + e.text;
    el.appendChild(li);
  }
}

// --- the overlay: boxes from TRACKING_STATE, the region, the selection ---------

function fitStage() {
  // The boxes are drawn over the whole stage: it must have the frame's shape, or they would miss the people.
  const img = $("video");
  if (img.naturalWidth && img.naturalHeight) {
    const want = img.naturalWidth + " / " + img.naturalHeight;
    if ($("stage").style.aspectRatio !== want) $("stage").style.aspectRatio = want;
  }
}

function drawOverlay() {
  fitStage();
  const c = $("overlay");
  const w = c.clientWidth, h = c.clientHeight;
  if (!w || !h) return;
  const dpr = window.devicePixelRatio || 1;
  if (c.width !== Math.round(w * dpr)) { c.width = Math.round(w * dpr); c.height = Math.round(h * dpr); }
  const g = c.getContext("2d");
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.clearRect(0, 0, w, h);
  const st = S.state;
  if (!st) return;
  const roi = st.stand && st.stand.region_of_interest;
  if (roi && (roi.width < 0.999 || roi.height < 0.999)) {
    g.fillStyle = "rgba(0,0,0,0.35)";
    g.fillRect(0, 0, w, h);
    g.clearRect(roi.x * w, roi.y * h, roi.width * w, roi.height * h);
    g.strokeStyle = "#f0b429"; g.setLineDash([6, 4]); g.lineWidth = 2;
    g.strokeRect(roi.x * w, roi.y * h, roi.width * w, roi.height * h);
    g.setLineDash([]);
  }
  const selected = new Set(st.selected || []);
  for (const s of (st.tracking && st.tracking.subjects) || []) {
    const r = s.rect, sel = selected.has(s.id);
    g.lineWidth = sel ? 4 : 2;
    g.strokeStyle = sel ? "#3ccf7a" : s.saliency_rank === 1 ? "#3aa0ff" : "rgba(255,255,255,0.7)";
    g.strokeRect(r.x * w, r.y * h, r.width * w, r.height * h);
    const label = sel ? "following" : s.saliency_rank === 1 ? "primary" : s.kind + " " + s.saliency_rank;
    g.font = "600 13px system-ui, sans-serif";
    const tw = g.measureText(label).width + 10;
    g.fillStyle = g.strokeStyle;
    g.fillRect(r.x * w, Math.max(0, r.y * h - 20), tw, 20);
    g.fillStyle = "#001a1a";
    g.fillText(label, r.x * w + 5, Math.max(14, r.y * h - 6));
  }
  if (S.drag) {
    const d = S.drag;
    g.strokeStyle = "#f0b429"; g.lineWidth = 2;
    g.strokeRect(Math.min(d.x0, d.x1) * w, Math.min(d.y0, d.y1) * h, Math.abs(d.x1 - d.x0) * w, Math.abs(d.y1 - d.y0) * h);
  }
}

function pointIn(ev) {
  const r = $("overlay").getBoundingClientRect();
  return { x: Math.min(1, Math.max(0, (ev.clientX - r.left) / r.width)), y: Math.min(1, Math.max(0, (ev.clientY - r.top) / r.height)) };
}

function setupOverlay() {
  const c = $("overlay");
  c.addEventListener("pointerdown", (ev) => {
    const p = pointIn(ev);
    S.drag = { x0: p.x, y0: p.y, x1: p.x, y1: p.y, id: ev.pointerId };
    c.setPointerCapture(ev.pointerId);
  });
  c.addEventListener("pointermove", (ev) => {
    if (!S.drag || S.mode !== "region") return;
    const p = pointIn(ev);
    S.drag.x1 = p.x; S.drag.y1 = p.y;
    drawOverlay();
  });
  const end = async (ev, cancelled) => {
    const d = S.drag;
    S.drag = null;
    drawOverlay();
    if (!d || cancelled) return;
    if (S.mode === "follow") {
      const r = await api("select", { x: d.x0, y: d.y0 });
      if (r) toast(r.selected.length ? "Following that person" : "Selected", true);
    } else {
      const x = Math.min(d.x0, d.x1), y = Math.min(d.y0, d.y1);
      const wd = Math.abs(d.x1 - d.x0), ht = Math.abs(d.y1 - d.y0);
      if (wd < 0.05 || ht < 0.05) { toast("Drag a larger region"); return; }
      if (await api("region", { x, y, width: wd, height: ht })) toast("Region set", true);
    }
  };
  c.addEventListener("pointerup", (ev) => end(ev, false));
  c.addEventListener("pointercancel", (ev) => end(ev, true));
  window.addEventListener("resize", drawOverlay);
  $("mode-follow").onclick = () => setMode("follow");
  $("mode-region").onclick = () => setMode("region");
  $("auto-select").onclick = () => api("select", { ids: [] });
  $("region-reset").onclick = () => api("region", { x: 0, y: 0, width: 1, height: 1 });
  $("video").addEventListener("load", drawOverlay);
  $("video").addEventListener("error", () => {
    if (!S.state || !S.state.video || !S.state.video.configured) return;
    $("novideo").textContent = "No video: the stream stopped. Retrying…";
    $("novideo").hidden = false;
    setTimeout(() => { $("video").src = "/stream.mjpg?" + Date.now(); }, 2000);
  });
}

function setMode(mode) {
  S.mode = mode;
  $("mode-follow").classList.toggle("on", mode === "follow");
  $("mode-region").classList.toggle("on", mode === "region");
}

// --- the jog pad: renewed every 100 ms while held; released = stop --------------

function sendJog() {
  if (!S.jog || !S.wsOpen) return;
  const speed = +$("speed").value;
  S.ws.send(JSON.stringify({ type: "jog", pitch: S.jog.p * speed, yaw: S.jog.y * speed }));
}

function releaseJog(send) {
  if (S.jogTimer) { clearInterval(S.jogTimer); S.jogTimer = null; }
  for (const b of document.querySelectorAll("#jog button.held")) b.classList.remove("held");
  if (S.jog && send !== false && S.wsOpen) S.ws.send(JSON.stringify({ type: "jog_stop" }));
  S.jog = null;
}

function setupJog() {
  for (const b of document.querySelectorAll("#jog button[data-p]")) {
    b.addEventListener("pointerdown", (ev) => {
      ev.preventDefault();
      b.setPointerCapture(ev.pointerId);
      releaseJog(false);
      S.jog = { p: +b.dataset.p, y: +b.dataset.y };
      b.classList.add("held");
      sendJog();
      S.jogTimer = setInterval(sendJog, 100);
    });
    for (const kind of ["pointerup", "pointercancel", "lostpointercapture"]) b.addEventListener(kind, () => releaseJog(true));
    b.addEventListener("contextmenu", (ev) => ev.preventDefault());
  }
  window.addEventListener("blur", () => releaseJog(true));
  document.addEventListener("visibilitychange", () => { if (document.hidden) releaseJog(true); });
  $("stop").onclick = () => { releaseJog(false); api("stop"); };
}

// --- the rest of the controls ----------------------------------------------------------

function setupControls() {
  $("tracking").onchange = async (ev) => {
    const want = ev.target.checked;
    if (!(await api("tracking", { enabled: want }))) ev.target.checked = !want;
  };
  for (const b of $("framing").children) b.onclick = () => api("framing", { mode: b.dataset.mode });
  for (const b of $("animations").children) b.onclick = () => api("animate", { name: b.dataset.anim });
  $("clear-fault").onclick = () => api("clear-fault");
  $("preset-form").onsubmit = async (ev) => {
    ev.preventDefault();
    const name = $("preset-name").value.trim();
    if (!name) { toast("Name the position first"); return; }
    if (await api("presets", { name })) { $("preset-name").value = ""; toast("Saved " + name, true); }
  };
  $("limits").onsubmit = async (ev) => {
    ev.preventDefault();
    const f = ev.target.elements, body = {};
    for (const axis of ["yaw", "pitch"]) {
      const min = parseFloat(f[axis + "-min"].value), max = parseFloat(f[axis + "-max"].value), speed = parseFloat(f[axis + "-speed"].value);
      if ([min, max, speed].some(Number.isNaN)) { toast("Fill in every " + axis + " field"); return; }
      body[axis] = { minimum_rad: min, maximum_rad: max, maximum_speed_rad_per_s: speed };
    }
    if (await api("limits", body)) toast("Limits applied", true);
  };
  $("limits-reset").onclick = () => api("limits/reset");
  $("logout").onclick = async (ev) => { ev.preventDefault(); await api("logout"); location.href = "/login"; };
}

async function start() {
  const r = await fetch("/api/session", { credentials: "same-origin" });
  if (r.status === 401) { location.href = "/login"; return; }
  const s = await r.json();
  S.csrf = s.csrf;
  $("logout").hidden = s.via !== "session";
  setupOverlay(); setupJog(); setupControls(); setMode("follow");
  connect();
}

document.addEventListener("DOMContentLoaded", start);
