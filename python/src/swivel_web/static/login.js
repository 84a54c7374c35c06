"use strict";
document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("login").onsubmit = async (ev) => {
    ev.preventDefault();
    const err = document.getElementById("error");
    err.textContent = "";
    const r = await fetch("/api/login", {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password: document.getElementById("password").value }),
    });
    if (r.ok) { location.href = "/"; return; }
    let data = {};
    try { data = await r.json(); } catch (e) { /* not JSON */ }
    err.textContent = data.reason || ("HTTP " + r.status);
  };
});
