// Scrabble Twists & Turns on the phone page (served at /games/twists.js):
// the shared structure on its lattice, one tile a cell (a letter, or an
// action tile: "!" skip, "@" reverse, "2" give 2, "3" give 3), with every
// word drawn along its bent path and the latest one bold. A tap corrects a
// tile: its letter, or which action it is. Whose turn, the direction of
// play and each player's tiles left are the page's own (players[i].held,
// reversed). Its strings join the page's table (i18n.js).
"use strict";
(() => {
  const ACTIONS = { "!": "skip", "@": "reverse", "2": "give2", "3": "give3" };
  const ICONS = { skip: "⊘", reverse: "⇄", give2: "+2", give3: "+3" };
  const CHAR = Object.fromEntries(Object.entries(ACTIONS).map(([c, a]) => [a, c]));

  // The words' paths, drawn over the board once it is in the page: the
  // cells are drawn before the board takes them, so the paths wait for
  // the end of that render (a microtask; reading the cells' places lays
  // the board out then). Not on the next animation frame: a page that
  // gets no frame for a while (a background tab, a busy machine) kept
  // its old paths, or none, until one came.
  let pending = false;
  function schedulePaths() {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; drawPaths(); });
  }
  function drawPaths() {
    const board = document.getElementById("board");
    if (!board || board.dataset.game !== "twists" || typeof game === "undefined" || !game) return;
    board.querySelectorAll("svg.twpaths").forEach((s) => s.remove());
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("class", "twpaths");
    svg.setAttribute("width", board.scrollWidth);
    svg.setAttribute("height", board.scrollHeight);
    for (const turn of game.turns) {
      const path = turn.kind === "play" && turn.detail && turn.detail.path;
      if (!path || path.length < 2) continue;
      const pts = path.map(([r, c]) => {
        const b = board.querySelector(`.cell[data-row="${r}"][data-col="${c}"]`);
        return b ? `${b.offsetLeft + b.offsetWidth / 2},${b.offsetTop + b.offsetHeight / 2}` : null;
      });
      if (pts.includes(null)) continue;
      const line = document.createElementNS(NS, "polyline");
      line.setAttribute("points", pts.join(" "));
      line.setAttribute("class", turn.n === game.last ? "latest" : "");
      line.dataset.word = turn.detail.word || "";
      svg.append(line);
    }
    board.append(svg);
  }
  // A phone turned, a window resized: the cells moved, the paths with them.
  addEventListener("resize", schedulePaths);

  // splits are the choices of who got a give tile's tiles (every split
  // among the other seats, the one standing marked), each a button that
  // names it (POST /api/turns/N/word "WORD/SEAT=N,..."), then done().
  const splits = (turn, done) => {
    const d = turn.detail || {};
    const others = game.players.map((p, i) => i).filter((i) => i !== turn.player);
    if (!d.gave || others.length < 2) return [];
    const list = [];
    const walk = (k, left, acc) => {
      if (k === others.length - 1) { list.push([...acc, left]); return; }
      for (let n = left; n >= 0; n--) walk(k + 1, left - n, [...acc, n]);
    };
    walk(0, d.gave, []);
    const current = (d.gifts || []).map((g) => g.to + "=" + g.n).join(",");
    return [el("p", { class: "muted" }, t("twists.whoGot", { n: d.gave })),
      el("div", { class: "others twsplits" }, list.map((sp) => {
        const parts = sp.map((n, k) => [others[k], n]).filter(([, n]) => n > 0);
        const key = parts.map(([i, n]) => i + "=" + n).join(",");
        const label = parts.map(([i, n]) => `${game.players[i].name} ${n}`).join(" · ");
        const body = { word: (d.word || "") + "/" + parts.map(([i, n]) => (i + 1) + "=" + n).join(",") };
        return el("button", { class: "btn" + (key === current ? " on" : ""), type: "button", "data-split": key,
          onclick: async () => { if (await change(t("twists.splitDone"), () => api("POST", `/api/turns/${turn.n}/word`, body))) done(); } }, label);
      }))];
  };
  registerGame("twists", {
    parse(text) {
      if (!text || text === ".") return null;
      if (ACTIONS[text]) return { action: ACTIONS[text], letter: "", height: 1 };
      return [...text].length === 1 ? { letter: text, height: 1 } : null;
    },
    draw(b, cell) {
      b.classList.add("tile", "twtile");
      if (cell.action) {
        b.classList.add("action", "act-" + cell.action);
        b.append(ICONS[cell.action] || "?");
        b.setAttribute("aria-label", t("action." + cell.action));
      } else {
        b.append(cell.letter);
      }
      schedulePaths();
    },
    describe(cell) { return cell.action ? t("action." + cell.action) : cell.letter; },
    // fix: a letter, or one of the action tiles; empty for no tile.
    fix(sheet, cur) {
      let action = cur && cur.action ? cur.action : "";
      const letter = el("input", { id: "cellletter", autocapitalize: "characters", maxlength: 1, spellcheck: "false", placeholder: t("cell.empty"),
        value: cur && !cur.action ? cur.letter : "" });
      const acts = el("div", { class: "twactions", id: "cellactions" });
      const drawActs = () => acts.replaceChildren(...Object.values(ACTIONS).map((a) =>
        el("button", { type: "button", class: a === action ? "on" : "", "data-action-tile": a,
          onclick: () => { action = action === a ? "" : a; if (action) letter.value = ""; drawActs(); } }, ICONS[a] + " " + t("action." + a))));
      drawActs();
      letter.addEventListener("input", () => { if (letter.value.trim()) { action = ""; drawActs(); } });
      sheet.append(el("label", {}, t("cell.letter") + " ", letter), el("p", { class: "muted" }, t("twists.orAction")), acts);
      setTimeout(() => { letter.focus(); letter.select(); }, 0);
      return () => {
        if (action) return { cell: CHAR[action] };
        return { cell: letter.value.trim().toUpperCase() };
      };
    },
    // A turn's action tile and where its given tiles went, in the history.
    turnNote(turn) {
      const d = turn.detail || {};
      const out = [];
      if (d.action) out.push("+ " + t("action." + d.action));
      for (const g of d.gifts || []) out.push(t("twists.gave", { n: g.n, name: (game.players[g.to] || {}).name || "?" }));
      if (d.winner) out.push(t("twists.out"));
      return out.join(", ");
    },
    // A give tile's split: the camera cannot see who got the tiles (the
    // next player, unless the table says); with three or four players a
    // tap names the split, which the turn is judged again with.
    lastTurn(turn) { return splits(turn, () => {}); },
    // An earlier give turn's split, named once later turns were played:
    // a button on its history line opens the same choice in a sheet; the
    // turn is judged again with it and every later turn played again
    // through the referee (the session's replay, as for any correction).
    historyTap(turn, g) {
      const d = turn.detail || {};
      if (turn.status !== "accepted" || turn.n === g.last || !d.gave || g.players.length < 3) return [];
      return [el("button", { class: "btn twsplitopen", type: "button", "data-splits": turn.n, onclick: () => {
        const c = openSheet("#tpl-empty");
        c.replaceChildren(el("h2", {}, t("twists.earlier", { n: num(turn.n), name: turn.name })), ...splits(turn, closeSheet),
          el("p", { class: "muted" }, t("twists.later")));
      } }, t("twists.whoGotShort", { n: d.gave }))];
    },
    endNote: "end.twists",
    rackMax: 0,
    centre: false,
    css: `
#board[data-game="twists"] { position: relative; gap: 1px; }
#board[data-game="twists"] .cell { font-size: 0.8rem; }
.cell.twtile { background: #f6f1e1; color: #1e1914; border-radius: 3px; }
.cell.twtile.action { background: #2f5d8a; color: #fff; font-weight: 700; }
.cell.twtile.act-skip { background: #a23b3b; } .cell.twtile.act-reverse { background: #6a4c93; }
svg.twpaths { position: absolute; left: 0; top: 0; pointer-events: none; overflow: visible; }
svg.twpaths polyline { fill: none; stroke: #c98a2b; stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; opacity: 0.55; }
svg.twpaths polyline.latest { stroke: #e4572e; stroke-width: 4; opacity: 0.85; }
#scores.reversed::before { content: "↺"; align-self: center; font-size: 1.4rem; padding: 0 4px; }
.twactions { display: flex; gap: 6px; flex-wrap: wrap; margin: 8px 0; }
.twactions button { flex: 1 1 40%; min-height: 44px; border: 2px solid transparent; border-radius: 8px; }
.twactions button.on { border-color: var(--last); }
.twsplits .btn.on { outline: 3px solid var(--last); }
`,
    strings: {
      en: {
        "action.skip": "skip", "action.reverse": "reverse", "action.give2": "give 2", "action.give3": "give 3",
        "twists.orAction": "or an action tile:",
        "twists.gave": (p) => `gave ${p.n} to ${p.name}`,
        "twists.out": "no tiles left: wins",
        "twists.whoGot": (p) => `Who got the ${p.n} tiles given? Tap to change:`,
        "twists.splitDone": "The gift is changed",
        "twists.whoGotShort": (p) => `who got the ${p.n}?`,
        "twists.earlier": (p) => `Turn ${p.n} (${p.name}): the tiles given`,
        "twists.later": "The turns after it are played again with the new split: a turn that no longer fits is refused and shown so.",
        "end.twists": "The first player with no tiles left wins; the tiles each still holds are known.",
      },
      ru: {
        "action.skip": "пропуск хода", "action.reverse": "обратный ход", "action.give2": "отдать 2", "action.give3": "отдать 3",
        "twists.orAction": "или фишка действия:",
        "twists.gave": (p) => `отдал(а) ${p.n}: ${p.name}`,
        "twists.out": "фишек не осталось: победа",
        "twists.whoGot": (p) => `Кому отданы фишки (${p.n})? Нажмите, чтобы изменить:`,
        "twists.splitDone": "Кому отданы фишки, изменено",
        "twists.whoGotShort": (p) => `кому отданы ${p.n}?`,
        "twists.earlier": (p) => `Ход ${p.n} (${p.name}): отданные фишки`,
        "twists.later": "Ходы после него пересчитываются с новым разделом: ход, который больше не подходит, будет отклонён и показан.",
        "end.twists": "Побеждает тот, у кого первым не осталось фишек; сколько у кого осталось, известно.",
      },
    },
  });
})();
