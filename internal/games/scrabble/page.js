// Scrabble on the phone page (served at /games/scrabble.js): one tile a
// square on the 15x15 board with its premium squares (the grid text: "A" a
// tile, "a" a blank named A, "*" a blank whose letter the camera cannot
// see). A tap corrects a tile's letter and whether it is a blank. Its
// strings join the page's table (i18n.js).
"use strict";
(() => {
  // The standard layout (RULES.md): the named squares and their mirror images.
  const NAMED = {
    tw: [[0, 0], [0, 7]],
    dw: [[1, 1], [2, 2], [3, 3], [4, 4]],
    tl: [[1, 5], [1, 9], [5, 1], [5, 5]],
    dl: [[0, 3], [2, 6], [3, 7], [6, 2], [6, 6]],
  };
  const PREMIUM = {};
  for (const [kind, squares] of Object.entries(NAMED)) {
    for (const [r, c] of squares) {
      for (const [a, b] of [[r, c], [c, r]]) {
        for (const [x, y] of [[a, b], [14 - a, b], [a, 14 - b], [14 - a, 14 - b]]) PREMIUM[x + "," + y] = kind;
      }
    }
  }
  PREMIUM["7,7"] = "star";
  const isBlank = (l) => l === "*" || l !== l.toUpperCase();
  registerGame("scrabble", {
    parse(text) {
      const m = /^([A-Za-z*])$/.exec(text || ".");
      return m ? { letter: m[1], height: 1 } : null;
    },
    draw(b, cell) {
      b.classList.add("tile");
      if (isBlank(cell.letter)) b.classList.add("blank");
      b.append(cell.letter === "*" ? "?" : cell.letter.toUpperCase());
    },
    describe(cell) {
      if (cell.letter === "*") return t("cell.blankUnknown");
      return isBlank(cell.letter) ? t("cell.blank", { letter: cell.letter.toUpperCase() }) : cell.letter;
    },
    // square is the class of a square's premium ("prem-tw", ...), drawn
    // under an empty square.
    square(r, c) { return PREMIUM[r + "," + c] ? " prem-" + PREMIUM[r + "," + c] : ""; },
    // squareName is the string key naming an empty square's premium for
    // its spoken label ("prem.tw", ...), or "" for a plain square.
    squareName(r, c) { return PREMIUM[r + "," + c] ? "prem." + PREMIUM[r + "," + c] : ""; },
    // The premium squares' colours and short names (TW triple word, DL
    // double letter, the star; in Russian 3С, 2Б: слово, буква), on an
    // empty square only (a tile covers its premium), and the blanks, in
    // the page's style sheet after its own.
    css: `
.cell.prem-tw:not(.tile) { background: #b5483c; }
.cell.prem-dw:not(.tile), .cell.prem-star:not(.tile) { background: #c98a8a; }
.cell.prem-tl:not(.tile) { background: #3f78a8; } .cell.prem-dl:not(.tile) { background: #8fb6cf; }
.cell.tile.blank { color: #8a6d3b; font-style: italic; }
.cell[class*="prem-"]:not(.tile):not(.covered)::before { position: absolute; inset: 0; display: flex;
  align-items: center; justify-content: center; font-size: clamp(6px, 2.2vw, 12px); font-weight: 600;
  color: rgba(255, 255, 255, 0.9); pointer-events: none; }
.cell.prem-tw::before { content: "TW"; } .cell.prem-dw::before { content: "DW"; }
.cell.prem-tl::before { content: "TL"; } .cell.prem-dl::before { content: "DL"; color: #173247; }
.cell.prem-star::before { content: "★"; font-size: clamp(9px, 3.4vw, 18px); }
:lang(ru) .cell.prem-tw::before { content: "3С"; } :lang(ru) .cell.prem-dw::before { content: "2С"; }
:lang(ru) .cell.prem-tl::before { content: "3Б"; } :lang(ru) .cell.prem-dl::before { content: "2Б"; }
`,
    fix(sheet, cur) {
      const letter = el("input", { id: "cellletter", autocapitalize: "characters", maxlength: 1, spellcheck: "false", placeholder: t("cell.empty"),
        value: cur && cur.letter !== "*" ? cur.letter.toUpperCase() : "" });
      const blank = el("input", { id: "cellblank", type: "checkbox" });
      blank.checked = !!(cur && isBlank(cur.letter));
      sheet.append(el("label", {}, t("cell.letter") + " ", letter), el("label", {}, blank, " " + t("cell.isBlank")));
      setTimeout(() => { letter.focus(); letter.select(); }, 0);
      return () => {
        const l = letter.value.trim();
        if (!l) return { cell: blank.checked ? "*" : "" };
        return { cell: blank.checked ? l.toLowerCase() : l.toUpperCase() };
      };
    },
    // A play that empties its player's rack with the bag empty ends the
    // game (RULES.md, the session): the history says so.
    turnNote(t) { return t.detail && t.detail.out ? tr("scrabble.out", { name: t.name }) : ""; },
    // A failed challenge costs the challenger a turn (RULES.md): the page
    // asks who challenges.
    askChallenger: true,
    // A rack's count with each player: its own words, not the shared
    // "tiles left" (a Scrabble player's tiles are on the rack).
    heldKey: "scrabble.held",
    endNote: "end.scrabble", // the end sheet's line (i18n.js)
    // The session ended the game, the racks still to tell: the banner
    // asks for them, saying why (the latest play went out, or six
    // scoreless turns in a row).
    racksDue: (g) => (g.turns || []).some((t) => t.n === g.last && t.detail && t.detail.out) ? "scrabble.outDue" : "scrabble.scoreless",
    rackMax: 49, // the most a rack can be worth: Q Z J X K and two 4s
    centre: false,
    strings: {
      en: {
        "scrabble.held": (p) => `${p.n} on the rack`,
        "scrabble.scoreless": "Six scoreless turns in a row: the game is over. End it (More) with the points left on the racks.",
        "end.scrabble": "Points left on each rack (the tiles' values; 0 for a player who went out):",
        "cell.blank": (p) => `blank ${p.letter}`,
        "cell.blankUnknown": "a blank",
        "cell.isBlank": "blank tile",
        "prem.tw": "triple word score", "prem.dw": "double word score",
        "prem.tl": "triple letter score", "prem.dl": "double letter score", "prem.star": "the centre star, double word score",
        "scrabble.out": (p) => `— ${p.name} is out: the game is over.`,
        "scrabble.outDue": "A player went out: the game is over. Challenge the last play now if you doubt it; then end the game (More) with the points left on the racks.",
      },
      ru: {
        "scrabble.held": (p) => `${p.n} на подставке`,
        "scrabble.scoreless": "Шесть ходов подряд без очков: игра окончена. Завершите её (Ещё), указав очки на подставках.",
        "end.scrabble": "Очки на подставке у каждого (сумма фишек; 0 у того, кто выложил все):",
        "cell.blank": (p) => `пустышка ${p.letter}`,
        "cell.blankUnknown": "пустышка",
        "cell.isBlank": "пустая фишка",
        "prem.tw": "утроение слова", "prem.dw": "удвоение слова",
        "prem.tl": "утроение буквы", "prem.dl": "удвоение буквы", "prem.star": "центральная звезда, удвоение слова",
        "scrabble.out": (p) => `— ${p.name} выложил все фишки: игра окончена.`,
        "scrabble.outDue": "Игрок выложил все фишки: игра окончена. Если сомневаетесь в последнем ходе, оспорьте его сейчас; затем завершите игру (Ещё), указав очки на подставках.",
      },
    },
  });
})();
