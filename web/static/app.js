// Tilescope's phone page: plain JavaScript, no build step.
// The game arrives as server-sent events (one per change, the whole game as
// JSON); every change goes to the API with the table's PIN.
"use strict";

const $ = (sel) => document.querySelector(sel);
const PIN_KEY = "tilescope.pin";
let game = null;     // the latest game JSON
let live = false;

// Each game's module registers how its cells are read from a turn's
// reading, drawn, described and corrected, and its own strings: grid.js
// (the grid games) is the page's own, the others come from the games'
// packages (/games/G.js, loaded by start).
const GAMES = {};
function registerGame(kind, g) {
  GAMES[kind] = g;
  if (g.css) {
    // The game's own look (its pieces' colours...), kept with its module.
    const st = document.createElement("style");
    st.dataset.game = kind;
    st.textContent = g.css;
    document.head.append(st);
  }
  for (const [l, strings] of Object.entries(g.strings || {})) if (STRINGS[l]) Object.assign(STRINGS[l], strings);
}
function gameOf(g) { return GAMES[g && g.game] || GAMES.grid; }
// score is a score as the game shows it (what: "player", "turn", "word" or
// "tally"): its module's score(n, what) (Lexicon keeps hundredths), else
// the number.
function score(n, what) { const f = gameOf(game).score; return f ? f(n, what) : num(n); }
// signed is a change of score with its sign (+7, −7), as the game shows scores.
function signed(n) { return (n < 0 ? "−" : "+") + score(Math.abs(n), "tally"); }

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
    const ok = await askPIN(res.status === 403 ? t("pin.wrong") : "");
    if (ok) return api(method, path, body, raw);
    throw new Error(t("pin.none"));
  }
  if (!res.ok) throw new Error(httpError(res.status, (data && data.error) || res.statusText));
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
  const info = t("status.info", { game: game.game, id: num(game.id), turns: num(game.turns.length), n: game.turns.length, bag: num(game.bag) });
  $("#gameinfo").textContent = info + (live ? "" : t("status.reconnecting"));
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
  const mod = gameOf(game);
  const cells = [];
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  for (let r = 0; r < rows; r++) {
    cells.push([]);
    const f = (lines[r] || "").trim().split(/\s+/);
    for (let c = 0; c < cols; c++) cells[r].push(mod.parse(f[c] || "."));
  }
  return cells;
}

function render(g) {
  if (game && g.version < game.version && g.id === game.id) return; // stale
  game = g;
  status();
  // Scores.
  const scores = $("#scores");
  // Once the game is over the scoreboard gives each player's final score
  // (the end's adjustment made: the racks' tiles, a player out), with the
  // score before it, as the tally further down does.
  const end = (i) => (g.over && g.tally && g.tally[i] && g.tally[i].final !== g.players[i].score ? g.tally[i] : null);
  scores.replaceChildren(...g.players.map((p, i) =>
    el("div", { class: "player" + (i === g.to_play && !g.over ? " toplay" : ""), "data-seat": i },
      el("div", { class: "name" }, p.name), el("div", { class: "score" }, score(end(i) ? end(i).final : p.score, "player")),
      end(i) ? el("div", { class: "adjusted" }, tr("player.adjusted", { score: score(p.score, "tally"), adj: signed(end(i).final - p.score) })) : null,
      p.misses ? el("div", { class: "misses" }, tr("player.misses", { n: p.misses })) : null,
      p.held !== undefined ? el("div", { class: "held" }, tr(gameOf(g).heldKey || "player.held", { n: p.held })) : null)));
  scores.classList.toggle("reversed", !!g.reversed);

  // The board: the standing board, or the newest reading when the rules
  // refused it (so the misread square can be tapped and fixed).
  const lp = latestPlay(g);
  const rejected = lp && lp.status === "rejected" && lp === g.history[g.history.length - 1];
  let cells = g.board;
  const unsure = new Set(), fixed = new Set(), covered = new Set();
  // Squares the latest photo read empty but may not have seen (a hand
  // over them, a deep shadow): "covered", not bare.
  (lp && lp.covered || []).forEach(([r, c]) => covered.add(r + "," + c));
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
    banner.textContent = t("banner.rejected", { n: num(lp.n), name: lp.name, error: ruleText(lp.code, lp.error) });
  } else if (g.over) {
    banner.hidden = false;
    banner.className = "ok";
    // Over by the rules with the racks still to tell: the game's own note
    // (a key, or a function of the state giving one).
    const due = typeof gameOf(g).racksDue === "function" ? gameOf(g).racksDue(g) : gameOf(g).racksDue;
    // Told, the end's winner and final score: in view at the top, where
    // the sheet with every line is further down.
    const won = (g.tally || []).filter((l) => l.winner);
    banner.textContent = g.racks_due && due ? t(due)
      : won.length ? t("banner.won", { names: won.map((l) => l.name).join(", "), score: score(won[0].final, "tally") }) : t("banner.over");
  } else {
    banner.hidden = true;
  }
  const board = $("#board");
  const mod = gameOf(g);
  board.dataset.game = g.game;
  board.style.gridTemplateColumns = `repeat(${g.cols}, 1fr)`;
  // On a square board every row as tall as the others, with tiles or not
  // (15x15 Scrabble); a taller lattice (Lexicon's) grows with its rows.
  board.style.gridTemplateRows = g.rows === g.cols ? `repeat(${g.rows}, minmax(0, 1fr))` : "";
  const h = g.rows / 2;
  const kids = [];
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      const cell = cells[r][c];
      const key = r + "," + c;
      let cls = "cell";
      if (mod.centre && (r === h - 1 || r === h) && (c === h - 1 || c === h)) cls += " centre";
      if (mod.square && !cell) cls += mod.square(r, c);
      const hidden = !cell && covered.has(key);
      // The spoken label: which square (counted from 1, as the fix sheet
      // says it), what was read, and how sure.
      const b = el("button", { class: cls, type: "button", "data-row": r, "data-col": c, tabindex: -1,
        "aria-label": cell ? "" : t(hidden ? "cell.ariaCovered" : "cell.ariaEmpty", { row: r + 1, col: c + 1 }) + (mod.squareName && !hidden && mod.squareName(r, c) ? ", " + t(mod.squareName(r, c)) : ""),
        onclick: () => boardTap(r, c), onkeydown: (e) => gridKey(e, r, c, focusSquare) });
      if (hidden) {
        b.classList.add("covered");
        b.textContent = t("cell.covered");
      }
      if (cell) {
        mod.draw(b, cell);
        if (cell.last && !rejected) b.classList.add("last");
        if ((cell.uncertain && !rejected) || unsure.has(key)) b.classList.add("uncertain");
        if ((cell.corrected && !rejected) || fixed.has(key)) b.classList.add("corrected");
      }
      // A piece is said as its game says it (a pyramid's colour, an
      // action tile's name), after the square.
      if (cell) b.setAttribute("aria-label", t("cell.ariaAt", { row: r + 1, col: c + 1, what: mod.describe(cell) }));
      b.setAttribute("aria-label", b.getAttribute("aria-label") + ", " + t(squareState(b)));
      kids.push(b);
    }
  }
  const refocus = board.contains(document.activeElement);
  board.replaceChildren(...kids);
  // One square of the board is in the tab order (the one last focused,
  // else the first unsure, else the first): the arrows move on from it.
  const first = board.querySelector(".cell.uncertain, .cell.covered") || kids[0];
  const at = aim.board && board.querySelector(`.cell[data-row="${aim.board[0]}"][data-col="${aim.board[1]}"]`);
  if (at || first) (at || first).tabIndex = 0;
  if (refocus && at) at.focus({ preventScroll: true });
  const unsureN = board.querySelectorAll(".cell.uncertain, .cell.covered").length;
  // The key's "unsure" is the way to them: a tap opens the zoom on the
  // next one (in the hint's line: the page does not grow when one comes).
  const next = $("#nextunsure");
  next.textContent = unsureN ? t("key.unsureN", { n: num(unsureN) }) : t("key.unsure");
  next.disabled = !unsureN;
  redrawZoom();

  renderLastTurn(g);
  renderTally(g);
  renderHistory(g);
  $("#undo").disabled = g.history.length === 0 && g.version === 0;
}

// What the table can do about a photo the camera could not read (or read
// blurred: the turn stands as read, its squares unsure).
const CAMERA_CODES = ["no_board", "out_of_view", "too_dark", "too_blurred", "unreadable", "held", "preparing", "blurred"];

function renderCamera(g) {
  const box = $("#camera");
  const c = g.camera;
  if (!c) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  // The service's own words under the title, but for the demo being
  // prepared, whose help below says it in the page's language (the same
  // sentence twice, and English on a Russian page, before).
  box.replaceChildren(...[
    el("strong", {}, t("camera." + (CAMERA_CODES.includes(c.code) ? c.code : "unreadable"))),
    c.code === "preparing" ? null : el("div", { class: "muted" }, c.error),
    el("div", {}, ["held", "preparing", "blurred"].includes(c.code) ? t("camera." + c.code + "Help") : t("camera.lostHelp"))].filter(Boolean));
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
  if (t.kind === "pass") return tr("turn.passed", { name: t.name });
  if (t.kind === "exchange") return tr("turn.swapped", { name: t.name });
  const d = t.detail || {};
  if (t.status === "accepted" && d.phase === "set-up") return tr("turn.setup");
  if (t.status === "accepted" && d.phase === "taken") return tr("turn.took", { name: t.name, word: d.word });
  let words = (t.words || []).map((w) => [w.word, score(w.score, "word")].filter(Boolean).join(" ")).join(" + ");
  // A game's own account of a turn (Twists: the action tile placed).
  const mod = gameOf(game);
  if (mod.turnNote && t.status === "accepted") words = [words, mod.turnNote(t)].filter(Boolean).join(" ");
  const error = ruleText(t.code, t.error);
  if (t.status === "accepted") return tr("turn.accepted", { name: t.name, words, bonus: t.bonus ? tr("turn.bonus", { bonus: num(t.bonus) }) : "", score: score(t.score, "turn") });
  if (t.status === "withdrawn") return tr("turn.withdrawn", { name: t.name, words, error });
  return tr("turn.rejected", { name: t.name, error });
}

function renderLastTurn(g) {
  const box = $("#lastturn");
  const t = g.turns.filter((x) => x.kind === "play").pop();
  // Over by the rules with the racks still to tell (racks_due), the play
  // that ended it may still be challenged.
  if (!t || t.n !== g.last || (g.over && !g.racks_due)) { box.hidden = true; return; }
  box.hidden = false;
  const words = (t.words || []).map((w) => {
    const bad = (t.challenges || []).some((c) => c.word === w.word && !c.valid);
    // A word the dictionary does not know stands until challenged: it
    // is flagged, one tap from the challenge.
    return el("button", { class: "word" + (bad ? " bad" : "") + (w.not_in_dictionary && !bad ? " flagged" : ""), type: "button", "data-word": w.word,
      title: w.not_in_dictionary ? tr("last.flagged") : null,
      onclick: () => challenge(t.n, w.word) }, [w.word, score(w.score, "word")].filter(Boolean).join(" · "));
  });
  const flagged = (t.words || []).some((w) => w.not_in_dictionary) && !(t.challenges || []).length
    ? el("p", { class: "flagnote" }, tr("last.flagged")) : null;
  // A word that stands costs its challenger a turn where the game's rules
  // say so (the page asked who challenged): the table is told, as the
  // seat to play has moved on.
  const checked = (t.challenges || []).map((c) => el("div", { class: c.valid ? "yes" : "no" },
    tr(c.valid ? (gameOf(g).askChallenger ? "last.standsLost" : "last.stands") : "last.notWord", { word: c.word })));
  // The other words the move fits (the camera does not hear the word
  // announced): a tap names the right one.
  const others = ((t.detail && t.detail.others) || []).filter((w) => !(t.words || []).some((x) => x.word === w));
  const naming = others.length ? [el("p", { class: "muted" }, tr("last.others")),
    el("div", { class: "others" }, others.slice(0, 12).map((w) => el("button", { class: "btn", type: "button", "data-name": w,
      onclick: () => change(tr("last.named", { word: w }), () => api("POST", `/api/turns/${t.n}/word`, { word: w })) }, w)))] : [];
  box.replaceChildren(
    el("h2", {}, tr("last.title", { n: num(t.n), name: t.name, score: score(t.score, "turn"), points: t.score })),
    el("p", { class: "muted" }, tr("last.tap")),
    el("div", { class: "words" }, words), ...(flagged ? [flagged] : []), ...checked, ...naming,
    ...((gameOf(g).lastTurn && gameOf(g).lastTurn(t)) || []),
    t.confirmed ? el("p", { class: "muted" }, tr("last.confirmed")) :
      el("button", { class: "btn wide", type: "button", id: "confirm",
        onclick: () => change(tr("last.confirmDone"), () => api("POST", `/api/turns/${t.n}/confirm`)) }, tr("last.confirm")));
}

function renderTally(g) {
  const box = $("#tally");
  if (!g.over || !g.tally) { box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren(el("h2", {}, t("tally.title")),
    el("table", { class: "tally" },
      el("tr", {}, el("th", {}, t("tally.player")), el("th", {}, t("tally.score")), el("th", {}, t("tally.rack")), el("th", {}, t("tally.final"))),
      g.tally.map((l) => el("tr", { class: l.winner ? "winner" : "" },
        el("td", {}, (l.winner ? "🏆 " : "") + (l.rank ? l.rank + ". " : "") + l.name), el("td", {}, score(l.score, "tally")),
        el("td", {}, `${num(l.tiles)} → ${score(l.penalty, "tally")}`), el("td", {}, score(l.final, "tally"))))));
}

function renderHistory(g) {
  const list = $("#history");
  const items = g.history.slice().reverse().map((t) => el("li", { "data-turn": t.n },
    t.photo ? el("a", { href: t.photo, target: "_blank" }, el("img", { src: t.photo + "?v=" + g.id, loading: "lazy", alt: tr("history.photoAlt", { n: t.n }) })) : null,
    el("div", { class: "what" },
      el("div", {}, el("b", {}, `${num(t.n)}. `), describe(t)),
      el("span", { class: "badge " + t.status }, tr("status." + t.status)),
      t.at && clock(t.at) ? el("time", { class: "muted", datetime: t.at }, " " + clock(t.at)) : null,
      t.corrected && t.corrected.length ? el("span", { class: "muted" }, tr("history.fixed", { n: num(t.corrected.length) })) : null,
      // A game's own tap on an earlier turn (Twists: who got a give
      // tile's tiles), where the last-play box serves the latest.
      ...((gameOf(g).historyTap && gameOf(g).historyTap(t, g)) || []))));
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
  translatePage(content);
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
        input.placeholder = res.status === 429 ? t("pin.wait") : t("pin.wrongShort");
      }
    });
  });
}

// ---------- the zoom ----------
// A phone's board squares are smaller than a fingertip (23 px on
// Scrabble's 15x15 at 390 px wide, 35 px on a 10x10): a tap on the board
// opens a magnified window of it round the square tapped, every square
// at least TAP px, where the square is picked (a tap, or the arrows and
// Enter) and then fixed. A board whose squares are that big already goes
// straight to the fix. The window's squares are the board's own buttons
// copied (each game's drawing, marks and spoken labels).
const TAP = 44, ZOOM_GAP = 4, ZOOM_MAX = 7;
// aim: the square focused on the board and the square aimed at in the
// zoom (null: none yet).
const aim = { board: null, zoom: null };

function boardTap(r, c) {
  const b = $(`#board .cell[data-row="${r}"][data-col="${c}"]`);
  const box = b && b.getBoundingClientRect();
  if (box && Math.min(box.width, box.height) >= TAP) { tapCell(r, c); return; }
  openZoom(r, c);
}

// squareState is the string key of how sure a board square's reading is.
function squareState(b) {
  if (b.classList.contains("covered")) return "zoom.covered";
  if (b.classList.contains("corrected")) return "zoom.fixed";
  return b.classList.contains("uncertain") ? "zoom.unsure" : "zoom.sure";
}

// unsureSquares are the board's squares to look at first (read unsure,
// or covered), in reading order.
function unsureSquares() {
  return [...document.querySelectorAll("#board .cell.uncertain, #board .cell.covered")].map((b) => [+b.dataset.row, +b.dataset.col]);
}

// nextUnsure is the unsure square after (r, c) in reading order, round
// to the first; null when there is none.
function nextUnsure(r, c) {
  const all = unsureSquares();
  return all.find(([ur, uc]) => ur > r || (ur === r && uc > c)) || all[0] || null;
}

// gridKey moves the focus with the arrow keys (Home and End to the row's
// ends) from square (r, c): go(r, c) focuses the square it lands on.
function gridKey(e, r, c, go) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  let to = null;
  if (moves[e.key]) to = [r + moves[e.key][0], c + moves[e.key][1]];
  else if (e.key === "Home") to = [r, 0];
  else if (e.key === "End") to = [r, game.cols - 1];
  if (!to) return;
  e.preventDefault();
  if (to[0] < 0 || to[1] < 0 || to[0] >= game.rows || to[1] >= game.cols) return;
  go(to[0], to[1]);
}

function focusSquare(r, c) {
  const b = $(`#board .cell[data-row="${r}"][data-col="${c}"]`);
  if (!b) return;
  for (const o of document.querySelectorAll("#board .cell[tabindex='0']")) o.tabIndex = -1;
  b.tabIndex = 0;
  aim.board = [r, c];
  b.focus();
}

function openZoom(r, c) {
  const sheet = openSheet("#tpl-zoom");
  sheet.querySelector("#zoomnext").addEventListener("click", () => {
    const n = nextUnsure(...aim.zoom);
    if (n) drawZoom(n[0], n[1], true);
  });
  for (const b of sheet.querySelectorAll("[data-pan]")) {
    const [dr, dc] = b.dataset.pan.split(",").map(Number);
    b.addEventListener("click", () => {
      const step = Math.max(1, zoomSpan() - 2);
      drawZoom(clamp(aim.zoom[0] + dr * step, 0, game.rows - 1), clamp(aim.zoom[1] + dc * step, 0, game.cols - 1), false);
    });
  }
  drawZoom(r, c, true);
}

function clamp(x, lo, hi) { return Math.max(lo, Math.min(hi, x)); }

// zoomSpan is how many squares a side of the window shows: as many as
// fit the sheet's width at TAP px and more, at most ZOOM_MAX.
function zoomSpan() {
  const w = $("#zoomgrid").clientWidth - 2 * ZOOM_GAP;
  return clamp(Math.floor((w + ZOOM_GAP) / (TAP + ZOOM_GAP)), 1, ZOOM_MAX);
}

// drawZoom draws the window round square (r, c), aimed at it (focused
// when focus is set).
function drawZoom(r, c, focus) {
  const grid = $("#zoomgrid");
  if (!grid || !game) return;
  const n = zoomSpan();
  const nr = Math.min(n, game.rows), nc = Math.min(n, game.cols);
  const r0 = clamp(r - (nr >> 1), 0, game.rows - nr), c0 = clamp(c - (nc >> 1), 0, game.cols - nc);
  aim.zoom = [r, c];
  grid.dataset.game = game.game;
  grid.style.gridTemplateColumns = `repeat(${nc}, minmax(${TAP}px, 1fr))`;
  const kids = [];
  for (let rr = r0; rr < r0 + nr; rr++) {
    for (let cc = c0; cc < c0 + nc; cc++) {
      const src = $(`#board .cell[data-row="${rr}"][data-col="${cc}"]`);
      if (!src) continue;
      const b = src.cloneNode(true);
      const here = rr === r && cc === c;
      b.tabIndex = here ? 0 : -1;
      b.classList.toggle("aim", here);
      b.addEventListener("click", () => tapCell(rr, cc));
      b.addEventListener("keydown", (e) => gridKey(e, rr, cc, (zr, zc) => drawZoom(zr, zc, true)));
      kids.push(b);
    }
  }
  grid.replaceChildren(...kids);
  $("#zoomtitle").textContent = t("zoom.title", { r1: num(r0 + 1), r2: num(r0 + nr), c1: num(c0 + 1), c2: num(c0 + nc) });
  const unsure = unsureSquares().length;
  const next = $("#zoomnext");
  next.textContent = t("zoom.nextN", { n: num(unsure) });
  next.disabled = unsure === 0;
  for (const b of document.querySelectorAll("#sheetcontent [data-pan]")) {
    const [dr, dc] = b.dataset.pan.split(",").map(Number);
    b.disabled = (dr < 0 && r0 === 0) || (dr > 0 && r0 + nr >= game.rows) || (dc < 0 && c0 === 0) || (dc > 0 && c0 + nc >= game.cols);
  }
  if (focus) grid.querySelector(".aim").focus();
}

// redrawZoom redraws an open zoom after the board changed (a turn came),
// keeping the focus where it was.
function redrawZoom() {
  if (!$("#zoomgrid") || !aim.zoom) return;
  const had = $("#zoomgrid").contains(document.activeElement);
  drawZoom(clamp(aim.zoom[0], 0, game.rows - 1), clamp(aim.zoom[1], 0, game.cols - 1), had);
}

function tapCell(r, c) {
  if (!game) return;
  const t = latestPlay(game);
  if (!t) { toast(tr("fix.none")); return; }
  const mod = gameOf(game);
  const cur = parseBoard(t.board, game.rows, game.cols)[r][c];
  const sheet = openSheet("#tpl-cell");
  sheet.querySelector("#celltitle").textContent = tr("fix.title", { row: r + 1, col: c + 1, n: t.n });
  sheet.querySelector("#cellwas").textContent = tr("fix.was") + (cur ? mod.describe(cur) : tr("cell.empty"));
  const fields = sheet.querySelector("#cellfields");
  const body = mod.fix(fields, cur);
  sheet.querySelector("#cellform").addEventListener("submit", async (e) => {
    e.preventDefault();
    const req = Object.assign({ row: r, col: c }, body());
    const ok = await change(tr("fix.done"), () => api("POST", `/api/turns/${t.n}/correct`, req));
    if (ok) closeSheet();
  });
}

async function challenge(n, word) {
  const mod = gameOf(game);
  const turn = game && game.history.find((x) => x.n === n);
  if (mod.askChallenger && turn) {
    // This game's rulebook costs a failed challenger a turn: who is it?
    const c = openSheet("#tpl-empty");
    c.append(el("h2", {}, tr("challenge.who", { word })),
      el("div", { class: "others" }, game.players.map((p, i) => i === turn.player ? null :
        el("button", { class: "btn", type: "button", "data-by": i, onclick: async () => {
          closeSheet();
          const v = await change(t("challenge.done", { word }), () => api("POST", "/api/challenge", { turn: n, word, by: i }));
          if (v) showVerdict(v, true);
        } }, p.name))));
    return;
  }
  const v = await change(t("challenge.done", { word }), () => api("POST", "/api/challenge", { turn: n, word }));
  if (v) showVerdict(v, true);
}

function showVerdict(v, challenged) {
  const out = $("#verdict");
  // replaceChildren would write a null out as the text "null".
  out.replaceChildren(...[
    el("div", { class: v.valid ? "yes" : "no" }, t("verdict", { word: v.word, valid: v.valid, challenged })),
    v.definition ? el("div", { class: "muted" }, v.definition) : null].filter(Boolean));
}

$("#lookup").addEventListener("submit", async (e) => {
  e.preventDefault();
  const w = $("#word").value.trim();
  try {
    const res = await fetch(`/api/challenge?word=${encodeURIComponent(w)}&lang=${$("#lang").value}`);
    const v = await res.json();
    if (!res.ok) throw new Error(httpError(res.status, v.error));
    showVerdict(v, false);
  } catch (err) { toast(err.message, true); }
});

for (const b of document.querySelectorAll("[data-action]")) {
  const a = b.dataset.action;
  b.addEventListener("click", () => {
    const done = t("done." + a);
    if (a === "undo" && !confirm(t("undo.confirm"))) return;
    change(done, () => api("POST", "/api/" + a));
  });
}

$("#photoinput").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  e.target.value = "";
  if (!f) return;
  toast(t("photo.reading"));
  await change(t("photo.read"), () => api("POST", "/api/upload", undefined, f));
});

$("#more").addEventListener("click", async () => {
  const c = openSheet("#tpl-more");
  c.querySelector("#joinurl").textContent = location.origin + "/";
  // The buttons work at once, not only once the address is known.
  c.querySelector("#endgame").addEventListener("click", endGame);
  c.querySelector("#newgame").addEventListener("click", newGame);
  c.querySelector("#forgetpin").addEventListener("click", () => { localStorage.removeItem(PIN_KEY); toast(t("pin.forgotten")); closeSheet(); });
  try {
    const info = await (await fetch("/api/info")).json();
    const url = c.querySelector("#joinurl");
    if (info.url && url) url.textContent = info.url;
  } catch (e) { /* the page's own address will do */ }
});

function endGame() {
  const c = $("#sheetcontent");
  const mod = gameOf(game);
  const form = el("form", { class: "racks", id: "endform" },
    el("h2", {}, t("end.title")), el("p", { class: "muted" }, t(mod.endNote)),
    mod.rackMax ? game.players.map((p, i) => el("label", {}, p.name,
      el("input", { type: "number", min: 0, max: mod.rackMax, value: 0, inputmode: "numeric", "data-seat": i }))) : null,
    el("button", { class: "btn wide danger", type: "submit", id: "endsave" }, t("end.save")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const racks = mod.rackMax ? [...form.querySelectorAll("input")].map((i) => +i.value) : game.players.map(() => 0);
    if (await change(t("end.done"), () => api("POST", "/api/end", { racks }))) closeSheet();
  });
  c.replaceChildren(form);
}

async function newGame() {
  const c = $("#sheetcontent");
  const names = game ? game.players.map((p) => p.name).join(", ") : t("new.default");
  const input = el("input", { id: "players", value: names });
  // The game picker and each game's settings (GET /api/games).
  let list = { games: [], current: game && game.game };
  try { list = await (await fetch("/api/games")).json(); } catch (e) { /* the same game */ }
  const pick = el("select", { id: "gamepick", "aria-label": t("new.game") },
    list.games.map((g) => el("option", { value: g.game, selected: g.game === list.current ? "selected" : null }, g.title)));
  const opts = el("div", { id: "gameoptions" });
  const drawOptions = () => {
    const g = list.games.find((x) => x.game === pick.value);
    opts.replaceChildren(...((g && g.options) || []).map((o) => el("label", {}, o.title + " ",
      o.values && o.values.length
        ? el("select", { "data-option": o.name }, o.values.map((v) => el("option", { value: v }, v)))
        : el("input", { "data-option": o.name, placeholder: t("new.optionDefault") }))));
  };
  pick.addEventListener("change", drawOptions);
  drawOptions();
  const form = el("form", {}, el("h2", {}, t("new.title")),
    list.games.length > 1 ? el("label", {}, t("new.game") + " ", pick) : null, opts,
    el("label", {}, t("new.players"), input),
    el("button", { class: "btn wide primary", type: "submit" }, t("new.start")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const players = input.value.split(",").map((s) => s.trim()).filter(Boolean);
    const body = { players };
    if (list.games.length) {
      body.game = pick.value;
      body.options = {};
      for (const o of opts.querySelectorAll("[data-option]")) if (o.value.trim()) body.options[o.dataset.option] = o.value.trim();
    }
    if (await change(t("new.done"), () => api("POST", "/api/new", body))) closeSheet();
  });
  c.replaceChildren(form);
}

// The next unsure square, from the page: the zoom opens on it.
$("#nextunsure").addEventListener("click", () => {
  const n = nextUnsure(-1, -1);
  if (!n) return;
  boardTap(n[0], n[1]);
});

// Escape closes a sheet, as its Close does.
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !$("#sheet").hidden) $("#sheetclose").click(); });

$("#sheetclose").addEventListener("click", () => {
  closeSheet();
  if (pinWaiter) { const w = pinWaiter; pinWaiter = null; w(false); }
});

// The language: the page's strings now, the switch, and the challenge
// box on the table's language (/api/info) until the player types in the
// other script.
translatePage(document);
$("#langswitch").addEventListener("click", () => setLang(uiLang === "ru" ? "en" : "ru"));
onLang.push(() => { if (game) render(game); });
fetch("/api/info").then((r) => r.json()).then((info) => { if (info.lang) $("#lang").value = info.lang; }).catch(() => {});
$("#word").addEventListener("input", () => {
  const w = $("#word").value;
  if (/[\u0400-\u04FF]/.test(w)) $("#lang").value = "ru";
  else if (/[A-Za-z]/.test(w)) $("#lang").value = "en";
});

// start loads the games' own modules (GET /api/games says which games the
// table has; a game without one is drawn as a grid), then paints from
// /api/game and goes live.
async function start() {
  let kinds = [];
  try { kinds = (await (await fetch("/api/games")).json()).games.filter((g) => g.page).map((g) => g.game); } catch (e) { /* the grid will do */ }
  await Promise.all(kinds.map((k) => new Promise((done) => {
    const s = document.createElement("script");
    s.src = `/games/${encodeURIComponent(k)}.js`;
    s.onload = s.onerror = done;
    document.head.append(s);
  })));
  if (game) render(game);
  fetch("/api/game").then((r) => r.json()).then(render).catch(() => {});
  connect();
}
