// Crossword Pyramids on the phone page (served at /games/pyramids.js): stacks
// of coloured pyramids on the 10x10 board ("rA5": a red A on top of a stack
// of 5; "rA/bE": a red A on a blue E). A tap corrects a pyramid's colour,
// letter and height. Its strings join the page's table (i18n.js).
"use strict";
(() => {
  const COLOURS = { r: "red", b: "blue", g: "green", y: "yellow", k: "black" };
  registerGame("pyramids", {
    parse(text) {
      if (!text || text === ".") return null;
      const m = /^([rbgyk])([A-Z])((?:\/[rbgyk][A-Z])*)(\d*)$/i.exec(text);
      if (!m) return null;
      const layers = m[3] ? m[3].slice(1).split("/") : [];
      return { colour: COLOURS[m[1].toLowerCase()], letter: m[2].toUpperCase(), layers,
        height: m[4] ? +m[4] : 1 + layers.length };
    },
    draw(b, cell) {
      b.classList.add("tile", "pyramid", "col-" + (cell.colour || "black"));
      b.append(cell.letter);
      if (cell.height > 1) b.append(el("span", { class: "h" }, String(cell.height)));
    },
    describe(cell) { return t("cell.pyramid", { colour: t("colour." + cell.colour), letter: cell.letter, height: cell.height }); },
    fix(sheet, cur) {
      let colour = cur ? cur.colour : "red";
      const letter = el("input", { id: "cellletter", autocapitalize: "characters", maxlength: 1, spellcheck: "false", placeholder: t("cell.empty"), value: cur ? cur.letter : "" });
      const height = el("input", { id: "cellheight", type: "number", min: 1, max: 9, inputmode: "numeric", value: cur ? cur.height : 1 });
      const cs = el("div", { class: "colours", id: "cellcolours" });
      const drawColours = () => cs.replaceChildren(...Object.entries(COLOURS).map(([k, name]) =>
        el("button", { type: "button", class: "col-" + name + (name === colour ? " on" : ""), "data-colour": name,
          onclick: () => { colour = name; drawColours(); } }, t("colour." + name))));
      drawColours();
      sheet.append(cs, el("label", {}, t("cell.letter") + " ", letter), el("label", {}, t("cell.height") + " ", height));
      return () => {
        const l = letter.value.trim().toUpperCase();
        if (!l) return { cell: "" };
        const code = Object.keys(COLOURS).find((k) => COLOURS[k] === colour);
        const h = Math.max(1, +height.value || 1);
        return { cell: code + l + (h > 1 ? String(h) : "") };
      };
    },
    // A word the move fits among others the dictionary knows, before the
    // take shows which was made: the turn says it is not sure.
    turnNote(turn) {
      const d = turn.detail || {};
      return d.unsure ? t("pyramids.unsure", { words: (d.words || []).join(" / ") }) : "";
    },
    // The words the move fits, and the squares whose letter the game
    // does not know yet (a layer first shown, not read surely: the letter
    // on the board is its guess; it asks when a move needs it).
    lastTurn(turn) {
      const d = turn.detail || {};
      const out = d.unsure ? [el("p", { class: "flagnote", id: "wordunsure" }, t("pyramids.unsureLast", { words: (d.words || []).join(", ") }))] : [];
      if (d.unknown && d.unknown.length) {
        const squares = d.unknown.map((q) => { const [r, c] = q.split(",").map(Number); return t("pyramids.square", { row: r + 1, col: c + 1 }); });
        out.push(el("p", { class: "flagnote", id: "lettersunknown" }, t("pyramids.unknown", { squares: squares.join("; ") })));
      }
      return out;
    },
    endNote: "end.pyramids",
    rackMax: 0,
    centre: false,
    // A challenger whose word stands loses a turn: the page asks who.
    askChallenger: true,
    // A pyramid's colour, on the board and in the correction sheet.
    css: `
.cell.pyramid { color: #fff; border-radius: 40% 40% 4px 4px; }
.cell.pyramid.col-red { background: #c4282a; } .cell.pyramid.col-blue { background: #264eba; }
.cell.pyramid.col-green { background: #249242; } .cell.pyramid.col-yellow { background: #e8c428; color: #1e1914; }
.cell.pyramid.col-black { background: #222020; }
.colours { display: flex; gap: 6px; flex-wrap: wrap; margin: 8px 0; }
.colours button { flex: 1; min-height: 44px; border: 2px solid transparent; border-radius: 8px; color: #fff; }
.colours button.on { border-color: #fff; outline: 3px solid var(--last); }
.colours .col-red { background: #c4282a; } .colours .col-blue { background: #264eba; }
.colours .col-green { background: #249242; } .colours .col-yellow { background: #e8c428; color: #1e1914; }
.colours .col-black { background: #222020; }
`,
    strings: {
      en: {
        "cell.pyramid": (p) => `${p.colour} ${p.letter}, ${p.height} high`,
        "colour.red": "red", "colour.blue": "blue", "colour.green": "green", "colour.yellow": "yellow", "colour.black": "black",
        "end.pyramids": "The tally counts the pyramids left on the board.",
        "pyramids.unsure": (p) => `(not sure which word: ${p.words})`,
        "pyramids.unsureLast": (p) => `Not sure which word was made: ${p.words}. The photo after the pyramids are taken will show it; or tap the word announced.`,
        "pyramids.square": (p) => `row ${p.row}, column ${p.col}`,
        "pyramids.unknown": (p) => `Letters not known yet (the camera's guess shown): ${p.squares}. Tap one to fix it, or leave it: a later photo or the move that takes it shows it.`,
      },
      ru: {
        "cell.pyramid": (p) => `${p.colour} ${p.letter}, высота ${p.height}`,
        "colour.red": "красная", "colour.blue": "синяя", "colour.green": "зелёная", "colour.yellow": "жёлтая", "colour.black": "чёрная",
        "end.pyramids": "Итог считает пирамиды, оставшиеся на доске.",
        "pyramids.unsure": (p) => `(не ясно, какое слово: ${p.words})`,
        "pyramids.unsureLast": (p) => `Не ясно, какое слово составлено: ${p.words}. Снимок после того, как пирамиды сняты, покажет; или нажмите объявленное слово.`,
        "pyramids.square": (p) => `ряд ${p.row}, столбец ${p.col}`,
        "pyramids.unknown": (p) => `Буквы ещё не известны (показана догадка камеры): ${p.squares}. Нажмите, чтобы исправить, или оставьте: покажет следующий снимок или ход, который её возьмёт.`,
      },
    },
  });
})();
