// Tilescope's phone page: plain JavaScript, no build step.
// The game arrives as server-sent events (one per change, the whole game as
// JSON); every change goes to the API with the table's PIN.
"use strict";

const $ = (sel) => document.querySelector(sel);
const PIN_KEY = "tilescope.pin";
let game = null;     // the latest game JSON
let live = false;

// ---------- talking to the table ----------

function pin() { return localStorage.getItem(PIN_KEY) || ""; }

async function api(method, path, body, raw) {
  const headers = {};
  if (pin()) headers["X-Tilescope-PIN"] = pin();
  let payload;
  if (raw) { payload = raw; headers["Content-Type"] = raw.type || "image/jpeg"; }
  else if (body !== undefined) { payload = JSON.stringify(body); headers["Content-Type"] = "application/json"; }
  const res = await fetch(path, { method, headers, body: payload });
  let data = null;
  try { data = await res.json(); } catch (e) { /* not JSON */ }
  if (res.status === 401 || res.status === 403) {
    if (res.status === 403) localStorage.removeItem(PIN_KEY);
    const ok = await askPIN(res.status === 403 ? "Wrong PIN." : "");
    if (ok) return api(method, path, body, raw);
    throw new Error("no PIN: you can watch, not change");
  }
  if (!res.ok) throw new Error((data && data.error) || res.statusText);
  if (data && data.players && data.version !== undefined) render(data);
  return data;
}

// change runs an action that needs the PIN and reports errors on the page.
async function change(what, fn) {
  try {
    const out = await fn();
    toast(what);
    return out;
  } catch (e) {
    toast(e.message, true);
    return null;
  }
}

function connect() {
  const es = new EventSource("/api/events");
  es.addEventListener("game", (e) => {
    live = true;
    render(JSON.parse(e.data));
  });
  es.onopen = () => { live = true; status(); };
  es.onerror = () => { live = false; status(); };
}

// ---------- drawing ----------

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
  return e;
}

function status() {
  $("#conn").classList.toggle("live", live);
  if (!game) return;
  const info = `${game.game} · game ${game.id} · ${game.turns.length} turns · bag ${game.bag}`;
  $("#gameinfo").textContent = info + (live ? "" : " · reconnecting…");
}

// latestPlay is the newest play record (accepted or rejected), the one a
// tap on the board corrects.
function latestPlay(g) {
  for (let i = g.history.length - 1; i >= 0; i--) {
    const t = g.history[i];
    if (t.kind === "play" && t.status !== "withdrawn") return t;
  }
  return null;
}

function parseBoard(text, rows, cols) {
  const cells = [];
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  for (let r = 0; r < rows; r++) {
    cells.push([]);
    const f = (lines[r] || "").trim().split(/\s+/);
    for (let c = 0; c < cols; c++) {
      const m = /^(Qu|[A-Z])(\d?)$/i.exec(f[c] || ".");
      cells[r].push(m ? { letter: m[1], height: m[2] ? +m[2] : 1 } : null);
    }
  }
  return cells;
}

function render(g) {
  if (game && g.version < game.version && g.id === game.id) return; // stale
  game = g;
  status();
  // Scores.
  const scores = $("#scores");
  scores.replaceChildren(...g.players.map((p, i) =>
    el("div", { class: "player" + (i === g.to_play && !g.over ? " toplay" : ""), "data-seat": i },
      el("div", { class: "name" }, p.name), el("div", { class: "score" }, String(p.score)))));

  // The board: the standing board, or the newest reading when the rules
  // refused it (so the misread square can be tapped and fixed).
  const lp = latestPlay(g);
  const rejected = lp && lp.status === "rejected" && lp === g.history[g.history.length - 1];
  let cells = g.board;
  const unsure = new Set(), fixed = new Set();
  if (rejected) {
    cells = parseBoard(lp.board, g.rows, g.cols);
    (lp.uncertain || []).forEach(([r, c]) => unsure.add(r + "," + c));
    (lp.corrected || []).forEach(([r, c]) => fixed.add(r + "," + c));
  }
  renderCamera(g);
  renderStorage(g);
  const banner = $("#banner");
  if (rejected) {
    banner.hidden = false;
    banner.className = "";
    banner.textContent = `Turn ${lp.n} (${lp.name}) was not accepted: ${lp.error}. The board below is what the camera read: tap a square to fix it, or take the tiles back.`;
  } else if (g.over) {
    banner.hidden = false;
    banner.className = "ok";
    banner.textContent = "The game is over.";
  } else {
    banner.hidden = true;
  }
  const board = $("#board");
  board.style.gridTemplateColumns = `repeat(${g.cols}, 1fr)`;
  const h = g.rows / 2;
  const kids = [];
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      const cell = cells[r][c];
      const key = r + "," + c;
      let cls = "cell";
      if ((r === h - 1 || r === h) && (c === h - 1 || c === h)) cls += " centre";
      const b = el("button", { class: cls, type: "button", "data-row": r, "data-col": c,
        "aria-label": `row ${r} column ${c}: ${cell ? cell.letter + " " + cell.height + " high" : "empty"}`,
        onclick: () => tapCell(r, c) });
      if (cell) {
        b.classList.add("tile", "h" + Math.min(cell.height, 5));
        if (cell.last && !rejected) b.classList.add("last");
        if ((cell.uncertain && !rejected) || unsure.has(key)) b.classList.add("uncertain");
        if ((cell.corrected && !rejected) || fixed.has(key)) b.classList.add("corrected");
        b.append(cell.letter);
        if (cell.height > 1) b.append(el("span", { class: "h" }, String(cell.height)));
      }
      kids.push(b);
    }
  }
  board.replaceChildren(...kids);

  renderLastTurn(g);
  renderTally(g);
  renderHistory(g);
  $("#undo").disabled = g.history.length === 0 && g.version === 0;
}

// What the table can do about a photo the camera could not read.
const CAMERA_HELP = {
  no_board: "The camera cannot see the board. Is it in view, and nothing lying over it?",
  out_of_view: "Part of the board is out of the camera's view. Move the board or the camera.",
  too_dark: "Too dark for the camera: add light.",
  too_blurred: "The camera's photo is blurred: keep the camera steady and in focus.",
  unreadable: "The camera's photo could not be read.",
  held: "A turn is waiting: something is over the board.",
};

function renderCamera(g) {
  const box = $("#camera");
  const c = g.camera;
  if (!c) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  box.replaceChildren(
    el("strong", {}, CAMERA_HELP[c.code] || CAMERA_HELP.unreadable),
    el("div", { class: "muted" }, c.error),
    el("div", {}, c.code === "held"
      ? "Take your hand off the board (or whatever lies on its edge): the camera then reads the turn."
      : "No turn is lost: once the camera sees the board again it reads the turn; or send a photo with Photo."));
}

// The game could not be saved (a full disk): nothing was recorded.
function renderStorage(g) {
  const box = $("#storage");
  const s = g.storage;
  if (!s) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  box.replaceChildren(
    el("strong", {}, "The game is not being saved."),
    el("div", {}, s.error + ". The last change was not recorded: do it again once this notice is gone."));
}

function describe(t) {
  if (t.kind === "pass") return `${t.name} passed`;
  if (t.kind === "exchange") return `${t.name} swapped a tile`;
  const words = (t.words || []).map((w) => `${w.word} ${w.score}`).join(" + ");
  if (t.status === "accepted") return `${t.name}: ${words}${t.bonus ? " + bonus " + t.bonus : ""} = ${t.score}`;
  if (t.status === "withdrawn") return `${t.name}: ${words} — withdrawn (${t.error})`;
  return `${t.name}: not accepted — ${t.error}`;
}

function renderLastTurn(g) {
  const box = $("#lastturn");
  const t = g.turns.filter((x) => x.kind === "play").pop();
  if (!t || t.n !== g.last || g.over) { box.hidden = true; return; }
  box.hidden = false;
  const words = (t.words || []).map((w) => {
    const bad = (t.challenges || []).some((c) => c.word === w.word && !c.valid);
    return el("button", { class: "word" + (bad ? " bad" : ""), type: "button", "data-word": w.word,
      onclick: () => challenge(t.n, w.word) }, `${w.word} · ${w.score}`);
  });
  const checked = (t.challenges || []).map((c) => el("div", { class: c.valid ? "yes" : "no" },
    `${c.word}: ${c.valid ? "challenged, stands" : "not a word"}`));
  box.replaceChildren(
    el("h2", {}, `Turn ${t.n}: ${t.name} scores ${t.score}`),
    el("p", { class: "muted" }, "Tap a word to challenge it."),
    el("div", { class: "words" }, words), ...checked,
    t.confirmed ? el("p", { class: "muted" }, "Confirmed by the table.") :
      el("button", { class: "btn wide", type: "button", id: "confirm",
        onclick: () => change("Turn confirmed", () => api("POST", `/api/turns/${t.n}/confirm`)) }, "Confirm the turn"));
}

function renderTally(g) {
  const box = $("#tally");
  if (!g.over || !g.tally) { box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren(el("h2", {}, "Final score"),
    el("table", { class: "tally" },
      el("tr", {}, el("th", {}, "Player"), el("th", {}, "Score"), el("th", {}, "Rack"), el("th", {}, "Final")),
      g.tally.map((l) => el("tr", { class: l.winner ? "winner" : "" },
        el("td", {}, (l.winner ? "🏆 " : "") + l.name), el("td", {}, String(l.score)),
        el("td", {}, `${l.tiles} → ${l.penalty}`), el("td", {}, String(l.final))))));
}

function renderHistory(g) {
  const list = $("#history");
  const items = g.history.slice().reverse().map((t) => el("li", { "data-turn": t.n },
    t.photo ? el("a", { href: t.photo, target: "_blank" }, el("img", { src: t.photo + "?v=" + g.id, loading: "lazy", alt: `photo of turn ${t.n}` })) : null,
    el("div", { class: "what" },
      el("div", {}, el("b", {}, `${t.n}. `), describe(t)),
      el("span", { class: "badge " + t.status }, t.status),
      t.corrected && t.corrected.length ? el("span", { class: "muted" }, ` · ${t.corrected.length} fixed`) : null)));
  list.replaceChildren(...items);
}

// ---------- actions ----------

let toastTimer;
function toast(msg, err) {
  const t = $("#toast");
  t.textContent = msg;
  t.className = err ? "err" : "";
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, err ? 5000 : 2200);
}

function openSheet(tplID) {
  const content = $("#sheetcontent");
  content.replaceChildren($(tplID).content.cloneNode(true));
  $("#sheet").hidden = false;
  return content;
}
function closeSheet() { $("#sheet").hidden = true; $("#sheetcontent").replaceChildren(); }

let pinWaiter = null;
function askPIN(msg) {
  return new Promise((resolve) => {
    const c = openSheet("#tpl-pin");
    if (msg) c.querySelector("p").textContent = msg + " " + c.querySelector("p").textContent;
    pinWaiter = resolve;
    const input = c.querySelector("#pininput");
    input.focus();
    c.querySelector("#pinform").addEventListener("submit", async (e) => {
      e.preventDefault();
      const res = await fetch("/api/pin", { method: "POST", headers: { "X-Tilescope-PIN": input.value } });
      if (res.ok) {
        localStorage.setItem(PIN_KEY, input.value);
        pinWaiter = null;
        closeSheet();
        resolve(true);
      } else {
        input.value = "";
        input.placeholder = res.status === 429 ? "too many tries: wait" : "wrong PIN";
      }
    });
  });
}

function tapCell(r, c) {
  if (!game) return;
  const t = latestPlay(game);
  if (!t) { toast("No turn to fix yet."); return; }
  const cur = parseBoard(t.board, game.rows, game.cols)[r][c];
  const sheet = openSheet("#tpl-cell");
  sheet.querySelector("#celltitle").textContent = `Fix row ${r + 1}, column ${c + 1} (turn ${t.n})`;
  sheet.querySelector("#cellwas").textContent = "The camera read: " + (cur ? `${cur.letter}, ${cur.height} high` : "empty");
  const letter = sheet.querySelector("#cellletter");
  letter.value = cur ? cur.letter : "";
  let height = cur ? cur.height : 1;
  const hs = sheet.querySelector("#cellheights");
  const drawHeights = () => hs.replaceChildren(...[1, 2, 3, 4, 5].map((h) =>
    el("button", { type: "button", class: h === height ? "on" : "", "data-height": h,
      onclick: () => { height = h; drawHeights(); } }, String(h))));
  drawHeights();
  sheet.querySelector("#cellform").addEventListener("submit", async (e) => {
    e.preventDefault();
    const l = letter.value.trim();
    const body = { row: r, col: c, letter: l, height: l ? height : 0 };
    const ok = await change("Fixed: turn re-judged", () => api("POST", `/api/turns/${t.n}/correct`, body));
    if (ok) closeSheet();
  });
  letter.focus();
  letter.select();
}

async function challenge(n, word) {
  const v = await change(`Challenged ${word}`, () => api("POST", "/api/challenge", { turn: n, word }));
  if (v) showVerdict(v, true);
}

function showVerdict(v, challenged) {
  const out = $("#verdict");
  out.replaceChildren(
    el("div", { class: v.valid ? "yes" : "no" }, `${v.word} is ${v.valid ? "" : "not "}a word` +
      (challenged ? (v.valid ? ": the play stands." : ": the tiles come off.") : ".")),
    v.definition ? el("div", { class: "muted" }, v.definition) : null);
}

$("#lookup").addEventListener("submit", async (e) => {
  e.preventDefault();
  const w = $("#word").value.trim();
  try {
    const res = await fetch(`/api/challenge?word=${encodeURIComponent(w)}&lang=${$("#lang").value}`);
    const v = await res.json();
    if (!res.ok) throw new Error(v.error);
    showVerdict(v, false);
  } catch (err) { toast(err.message, true); }
});

for (const b of document.querySelectorAll("[data-action]")) {
  const a = b.dataset.action;
  b.addEventListener("click", () => {
    const done = { undo: "Undone", pass: "Passed", exchange: "Tile swapped" }[a];
    if (a === "undo" && !confirm("Take back the last action?")) return;
    change(done, () => api("POST", "/api/" + a));
  });
}

$("#photoinput").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  e.target.value = "";
  if (!f) return;
  toast("Reading the photo…");
  await change("Photo read", () => api("POST", "/api/upload", undefined, f));
});

$("#more").addEventListener("click", async () => {
  const c = openSheet("#tpl-more");
  c.querySelector("#joinurl").textContent = location.origin + "/";
  try {
    const info = await (await fetch("/api/info")).json();
    if (info.url) c.querySelector("#joinurl").textContent = info.url;
  } catch (e) { /* the page's own address will do */ }
  c.querySelector("#endgame").addEventListener("click", endGame);
  c.querySelector("#newgame").addEventListener("click", newGame);
  c.querySelector("#forgetpin").addEventListener("click", () => { localStorage.removeItem(PIN_KEY); toast("PIN forgotten"); closeSheet(); });
});

function endGame() {
  const c = $("#sheetcontent");
  const form = el("form", { class: "racks", id: "endform" },
    el("h2", {}, "End the game"), el("p", { class: "muted" }, "Tiles left on each rack (−5 points each):"),
    game.players.map((p, i) => el("label", {}, p.name,
      el("input", { type: "number", min: 0, max: 7, value: 0, inputmode: "numeric", "data-seat": i }))),
    el("button", { class: "btn wide danger", type: "submit", id: "endsave" }, "End and tally"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const racks = [...form.querySelectorAll("input")].map((i) => +i.value);
    if (await change("Game over", () => api("POST", "/api/end", { racks }))) closeSheet();
  });
  c.replaceChildren(form);
}

function newGame() {
  const c = $("#sheetcontent");
  const names = game ? game.players.map((p) => p.name).join(", ") : "Player 1, Player 2";
  const input = el("input", { id: "players", value: names });
  const form = el("form", {}, el("h2", {}, "New game"), el("label", {}, "Players, in seat order, with commas", input),
    el("button", { class: "btn wide primary", type: "submit" }, "Start"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const players = input.value.split(",").map((s) => s.trim()).filter(Boolean);
    if (await change("New game", () => api("POST", "/api/new", { players }))) closeSheet();
  });
  c.replaceChildren(form);
}

$("#sheetclose").addEventListener("click", () => {
  closeSheet();
  if (pinWaiter) { const w = pinWaiter; pinWaiter = null; w(false); }
});

// First paint from /api/game, then live.
fetch("/api/game").then((r) => r.json()).then(render).catch(() => {});
connect();
