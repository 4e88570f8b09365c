// Lexicon Crossing on the phone page (served at /games/lexicon.js): every
// seat's crossword in an area of its own, one under the other, each the
// way up its player reads it (the table's text form: AREA rows a seat,
// the last APART rows the tiles lying apart from the crossword, the
// leftovers). Scores are kept in hundredths: shown to two decimals and on
// the seed's x50 scale. A tap corrects a tile's letter. Its strings join
// the page's table (i18n.js) under keys of its own.
"use strict";
(() => {
  const AREA = 17, CROSS = 15; // internal/games/lexicon: AreaRows, CrossRows
  const VALUES = { A: 1, B: 3, C: 3, D: 2, E: 1, F: 4, G: 2, H: 4, I: 1, J: 8, K: 5, L: 1, M: 3, N: 1, O: 1, P: 3, Q: 10, R: 1, S: 1, T: 1, U: 1, V: 4, W: 4, X: 8, Y: 4, Z: 10 };
  // The classes of a square: its seat's area, the first row of an area,
  // the rows of tiles lying apart.
  const place = (r) => {
    const seat = Math.floor(r / AREA), inArea = r % AREA;
    return ` lx lx-seat${seat % 4}` + (inArea === 0 ? " lx-top" : "") + (inArea >= CROSS ? " lx-apart" : "");
  };
  const fixed2 = (n) => (n / 100).toFixed(2);
  registerGame("lexicon", {
    parse(text) {
      const m = /^([A-Z?])$/i.exec(text || ".");
      return m ? { letter: m[1].toUpperCase(), height: 1 } : null;
    },
    draw(b, cell) {
      b.className += " tile" + place(+b.dataset.row);
      b.append(cell.letter);
      if (VALUES[cell.letter]) b.append(el("span", { class: "h" }, String(VALUES[cell.letter])));
    },
    square(r) { return place(r); },
    describe(cell) { return cell.letter === "?" ? t("lx.unread") : t("lx.tile", { letter: cell.letter, value: VALUES[cell.letter] }); },
    fix(sheet, cur) {
      const letter = el("input", { id: "cellletter", autocapitalize: "characters", maxlength: 1, spellcheck: "false", placeholder: t("cell.empty"),
        value: cur && cur.letter !== "?" ? cur.letter : "" });
      sheet.append(el("label", {}, t("cell.letter") + " ", letter), el("p", { class: "muted" }, t("lx.fixHelp")));
      setTimeout(() => { letter.focus(); letter.select(); }, 0);
      return () => ({ cell: letter.value.trim().toUpperCase() });
    },
    // Scores in hundredths: two decimals, and the x50 scale (smaller) with
    // the players' scores; a word has no score of its own.
    score(n, what) {
      if (what === "word") return "";
      if (what !== "player") return fixed2(n);
      return [fixed2(n), el("span", { class: "lx-x50" }, ` · ×50 ${(n / 2).toFixed(1).replace(/\.0$/, "")}`)];
    },
    endNote: "lx.end",
    rackMax: 30,
    centre: false,
    css: `
#board[data-game="lexicon"] { gap: 1px; }
#scores .lx-x50 { font-size: 13px; font-weight: 400; opacity: 0.8; white-space: nowrap; }
#board[data-game="lexicon"] .cell.lx { min-height: 22px; font-size: 14px; }
#board[data-game="lexicon"] .cell.lx-top { margin-top: 10px; }
#board[data-game="lexicon"] .cell.lx-seat0:not(.tile) { background: #2f5a41; }
#board[data-game="lexicon"] .cell.lx-seat0.tile { box-shadow: inset 0 -3px 0 #6fd39a; }
#board[data-game="lexicon"] .cell.lx-seat1.tile { box-shadow: inset 0 -3px 0 #4f86a8; }
#board[data-game="lexicon"] .cell.lx-seat2.tile { box-shadow: inset 0 -3px 0 #a8864f; }
#board[data-game="lexicon"] .cell.lx-seat3.tile { box-shadow: inset 0 -3px 0 #8f4fa8; }
#board[data-game="lexicon"] .cell.lx-seat1:not(.tile) { background: #2f4a5a; }
#board[data-game="lexicon"] .cell.lx-seat2:not(.tile) { background: #5a4a2f; }
#board[data-game="lexicon"] .cell.lx-seat3:not(.tile) { background: #4f2f5a; }
#board[data-game="lexicon"] .cell.lx-apart:not(.tile) { background: #1e2b24; }
#board[data-game="lexicon"] .cell.tile.lx-apart { opacity: 0.8; }
body:has(#board[data-game="lexicon"]) #scores .player[data-seat="0"] { border-bottom: 4px solid #6fd39a; }
body:has(#board[data-game="lexicon"]) #scores .player[data-seat="1"] { border-bottom: 4px solid #4f86a8; }
body:has(#board[data-game="lexicon"]) #scores .player[data-seat="2"] { border-bottom: 4px solid #a8864f; }
body:has(#board[data-game="lexicon"]) #scores .player[data-seat="3"] { border-bottom: 4px solid #8f4fa8; }
body:has(#board[data-game="lexicon"]) #scores .player.toplay { border-top-color: transparent; border-left-color: transparent; border-right-color: transparent; }
`,
    strings: {
      en: {
        "lx.tile": (p) => `${p.letter} (${p.value})`,
        "lx.unread": "a tile the camera could not read",
        "lx.fixHelp": "The tile's letter as it lies on the table; empty if there is no tile.",
        "lx.end": "Red light. Tiles each player still holds off the table (the tiles lying apart on it are counted from the photo); each counts as one more word:",
      },
      ru: {
        "lx.tile": (p) => `${p.letter} (${p.value})`,
        "lx.unread": "фишка, которую камера не прочла",
        "lx.fixHelp": "Буква фишки, как она лежит на столе; пусто, если фишки нет.",
        "lx.end": "Красный свет. Фишки, которые у каждого ещё в руках (лежащие на столе отдельно посчитаны по фото); каждая считается ещё одним словом:",
      },
    },
  });
})();
