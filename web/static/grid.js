// The page's own drawing, for the grid games (Upwords; any game without a
// module of its own): letter stacks on a square grid, in the grid text
// format. A game's module (served at /games/G.js from its package, see
// docs/games.md) registers the same hooks for its own pieces.
"use strict";
registerGame("grid", {
  // parse reads one cell of a turn's reading ("A", "O2", "Qu3", "."): null
  // for an empty square.
  parse(text) {
    const m = /^(Qu|[A-Z])(\d?)$/i.exec(text || ".");
    return m ? { letter: m[1], height: m[2] ? +m[2] : 1 } : null;
  },
  // draw fills a square's button with the piece.
  draw(b, cell) {
    b.classList.add("tile", "h" + Math.min(cell.height, 5));
    b.append(cell.letter);
    if (cell.height > 1) b.append(el("span", { class: "h" }, String(cell.height)));
  },
  describe(cell) { return t("fix.cell", { letter: cell.letter, height: cell.height }); },
  // fix is the form that corrects a square: it returns the request body.
  fix(sheet, cur) {
    const letter = el("input", { id: "cellletter", autocapitalize: "characters", maxlength: 2, spellcheck: "false", placeholder: t("cell.empty"), value: cur ? cur.letter : "" });
    let height = cur ? cur.height : 1;
    const hs = el("div", { class: "heights", id: "cellheights" });
    const drawHeights = () => hs.replaceChildren(...[1, 2, 3, 4, 5].map((h) =>
      el("button", { type: "button", class: h === height ? "on" : "", "data-height": h,
        onclick: () => { height = h; drawHeights(); } }, String(h))));
    drawHeights();
    sheet.append(el("label", {}, t("cell.letter") + " ", letter), hs);
    setTimeout(() => { letter.focus(); letter.select(); }, 0);
    return () => {
      const l = letter.value.trim();
      return { letter: l, height: l ? height : 0 };
    };
  },
  endNote: "end.help", // the end sheet's line (i18n.js)
  rackMax: 7,
  centre: true,
});
