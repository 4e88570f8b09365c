// The page's words in English and Russian: every string the page shows, in
// one table. app.js asks t("key", {params}); index.html marks its own text
// with data-i18n (text), data-i18n-placeholder, data-i18n-aria-label,
// data-i18n-alt and data-i18n-title. The language is the phone's
// (navigator.languages) until the player picks one with the switch; the
// choice is kept on the phone. Numbers and times go through Intl.
"use strict";

const LANG_KEY = "tilescope.lang";
const LANGS = ["en", "ru"];

// plural picks a form by the language's plural rules: {one, few, many, other}.
function plural(lang, n, forms) {
  const cat = new Intl.PluralRules(lang).select(n);
  return forms[cat] || forms.other || forms.many;
}

const RULES_EN = {
  removed_tile: "a tile was taken off the board",
  no_change: "nothing new on the board",
  two_on_stack: "two tiles were put on one stack",
  too_high: "a stack is higher than the rules allow",
  same_letter: "a tile covers the same letter",
  too_many_tiles: "more tiles than a rack holds",
  not_in_line: "the new tiles are not in one line",
  gap: "there is a gap in the word",
  first_not_centre: "the first word must cover the centre",
  first_too_short: "the first word is too short",
  not_connected: "the word does not join the words on the board",
  covers_word: "a whole word was covered",
  plural_only: "only an S was added to a word",
  not_a_word: "not a word of the dictionary",
  changed_tile: "a tile on the board changed",
  not_in_set: "a letter that is not in the set",
  empty: "the board is empty",
  action_not_adjacent: "the action tile touches no letter of the word",
  bad_change: "a stack changed in a way no move explains",
  bad_give: "the tiles given are not split right",
  bad_take: "the board after the taking is not what it must be",
  exposed_used: "a letter uncovered this turn was used",
  game_over: "the game is over",
  house_moved: "a black house pyramid moved",
  missing_letter: "a letter of the word is on no tile",
  moved_tile: "a tile on the table moved",
  no_black: "the word has no black letter",
  no_new_tile: "the word places no new tile",
  no_own_colour: "no letter in the player's own colour",
  no_path: "the word cannot be traced on the table",
  not_found: "not found",
  not_your_turn: "it is not this player's turn",
  stray_pyramid: "a moved pyramid is not part of the word",
  too_few_tiles: "more tiles placed than the player has",
  too_short: "a word of one letter",
  two_actions: "more than one action tile",
  two_on_square: "more than one pyramid on a square",
  unmatched: "a pyramid came from no stack",
  unused_new_tile: "a new tile is not in the word",
};

const RULES_RU = {
  removed_tile: "с доски убрали фишку",
  no_change: "на доске ничего не изменилось",
  two_on_stack: "на одну стопку положили две фишки",
  too_high: "стопка выше, чем разрешают правила",
  same_letter: "фишка закрывает ту же букву",
  too_many_tiles: "фишек больше, чем помещается на подставке",
  not_in_line: "новые фишки стоят не в одну линию",
  gap: "в слове пропуск",
  first_not_centre: "первое слово должно проходить через центр",
  first_too_short: "первое слово слишком короткое",
  not_connected: "слово не соединено со словами на доске",
  covers_word: "слово закрыто целиком",
  plural_only: "к слову добавили только S",
  not_a_word: "такого слова нет в словаре",
  changed_tile: "фишка на доске изменилась",
  not_in_set: "такой буквы нет в наборе",
  empty: "доска пуста",
  action_not_adjacent: "фишка действия не касается ни одной буквы слова",
  bad_change: "стопка изменилась так, как не бывает при ходе",
  bad_give: "фишки отданы неправильно",
  bad_take: "после взятия на доске не то, что должно быть",
  exposed_used: "использована буква, открытая в этот ход",
  game_over: "игра окончена",
  house_moved: "сдвинулась чёрная пирамида дома",
  missing_letter: "буквы слова нет ни на одной фишке",
  moved_tile: "фишка на столе сдвинулась",
  no_black: "в слове нет чёрной буквы",
  no_new_tile: "слово не добавляет ни одной новой фишки",
  no_own_colour: "нет ни одной буквы цвета игрока",
  no_path: "слово нельзя проследить на столе",
  not_found: "не найдено",
  not_your_turn: "сейчас ход другого игрока",
  stray_pyramid: "сдвинутая пирамида не входит в слово",
  too_few_tiles: "выложено больше фишек, чем есть у игрока",
  too_short: "слово из одной буквы",
  two_actions: "больше одной фишки действия",
  two_on_square: "больше одной пирамиды на клетке",
  unmatched: "пирамида взялась ниоткуда",
  unused_new_tile: "новая фишка не входит в слово",
};

const STRINGS = {
  en: {
    "lang.name": "English",
    "lang.switch": "Русский",
    "board": "board",
    "hint.tap": "Tap a square to fix what the camera read.",
    "key.last": "last move",
    "key.unsure": "unsure",
    "key.unsureN": (p) => `unsure: ${p.n}, next ›`,
    "key.fixed": "fixed",
    "challenge.title": "Is it a word?",
    "challenge.placeholder": "WORD",
    "challenge.lang": "language",
    "challenge.check": "Check",
    "history.title": "History",
    "action.undo": "Undo",
    "action.pass": "Pass",
    "action.exchange": "Swap",
    "action.photo": "Photo",
    "action.more": "More",
    "sheet.close": "Close",
    "cell.title": "Fix the square",
    "cell.letter": "Letter",
    "cell.empty": "empty",
    "cell.save": "Save",
    "cell.height": "Height",
    "cell.stack": (p) => `${p.letter}, ${p.height} high`,
    "turn.setup": "the board is set up",
    "turn.took": (p) => `${p.name} took ${p.word}`,
    "last.others": "Another word was announced? Tap it:",
    "challenge.who": (p) => `Who challenges ${p.word}?`,
    "player.misses": (p) => (p.n === 1 ? "misses a turn" : `misses ${p.n} turns`),
    "player.held": (p) => (p.n === 1 ? "1 tile left" : `${p.n} tiles left`),
    "player.adjusted": (p) => `was ${p.score}, end ${p.adj}`,
    "last.flagged": "Not in the dictionary: it stands unless someone taps it to challenge.",
    "last.named": (p) => `${p.word} named`,
    "new.game": "Game",
    "new.optionDefault": "default",
    "pin.title": "Table PIN",
    "pin.help": "Changes need the PIN shown on the table's screen. Without it you can watch.",
    "pin.placeholder": "PIN",
    "pin.ok": "OK",
    "pin.wrong": "Wrong PIN.",
    "pin.wrongShort": "wrong PIN",
    "pin.wait": "too many tries: wait",
    "pin.none": "no PIN: you can watch, not change",
    "pin.forgotten": "PIN forgotten",
    "more.join": "Join this table",
    "more.qr": "QR code of this page",
    "more.end": "End the game…",
    "more.new": "New game…",
    "more.forget": "Forget the PIN on this phone",
    "status.info": (p) => `${p.game} · game ${p.id} · ${p.turns} ${plural("en", p.n, { one: "turn", other: "turns" })} · bag ${p.bag}`,
    "status.reconnecting": " · reconnecting…",
    "banner.rejected": (p) => `Turn ${p.n} (${p.name}) was not accepted: ${p.error}. The board below is what the camera read: tap a square to fix it, or take the tiles back.`,
    "banner.over": "The game is over.",
    "banner.won": (p) => `The game is over: ${p.names} won with ${p.score}.`,
    "cell.ariaAt": (p) => `row ${p.row} column ${p.col}: ${p.what}`,
    "cell.ariaEmpty": (p) => `row ${p.row} column ${p.col}: empty`,
    "cell.ariaCovered": (p) => `row ${p.row} column ${p.col}: covered or out of the photo, may hide a tile`,
    "cell.covered": "covered",
    "zoom.title": (p) => `Rows ${p.r1}–${p.r2}, columns ${p.c1}–${p.c2}`,
    "zoom.help": "Tap the square to fix (the arrows move the view).",
    "zoom.left": "move the view left", "zoom.up": "move the view up", "zoom.down": "move the view down", "zoom.right": "move the view right",
    "zoom.nextN": (p) => `Next unsure (${p.n})`,
    "zoom.sure": "sure", "zoom.unsure": "unsure", "zoom.covered": "not seen", "zoom.fixed": "fixed",
    "camera.no_board": "The camera cannot see the board. Is it in view, and nothing lying over it?",
    "camera.out_of_view": "Part of the board is out of the camera's view. Move the board or the camera.",
    "camera.too_dark": "Too dark for the camera: add light.",
    "camera.too_blurred": "The camera's photo is blurred: keep the camera steady and in focus.",
    "camera.unreadable": "The camera's photo could not be read.",
    "camera.held": "A turn is waiting: something is over the board.",
    "camera.preparing": "The demo is being prepared.",
    "camera.preparingHelp": "Its photos are being drawn (only on its first start): the first turn comes when they are ready.",
    "camera.heldHelp": "Take your hand off the board (or whatever lies on its edge): the camera then reads the turn.",
    "camera.blurred": "The photo is blurred: check the camera's focus, keep the table still.",
    "camera.blurredHelp": "The turn was read all the same: tap the squares marked unsure to check them. This goes when the camera reads a sharp photo.",
    "camera.lostHelp": "No turn is lost: once the camera sees the board again it reads the turn; or send a photo with Photo.",
    "turn.passed": (p) => `${p.name} passed`,
    "turn.swapped": (p) => `${p.name} swapped a tile`,
    "turn.bonus": (p) => ` + bonus ${p.bonus}`,
    "turn.accepted": (p) => `${p.name}: ${p.words}${p.bonus} = ${p.score}`,
    "turn.withdrawn": (p) => `${p.name}: ${p.words} — withdrawn (${p.error})`,
    "turn.rejected": (p) => `${p.name}: not accepted — ${p.error}`,
    "last.title": (p) => `Turn ${p.n}: ${p.name} scores ${p.score}`,
    "last.tap": "Tap a word to challenge it.",
    "last.stands": (p) => `${p.word}: challenged, stands`,
    "last.standsLost": (p) => `${p.word}: challenged, stands: the challenger loses a turn`,
    "last.notWord": (p) => `${p.word}: not a word`,
    "last.confirmed": "Confirmed by the table.",
    "last.confirm": "Confirm the turn",
    "last.confirmDone": "Turn confirmed",
    "tally.title": "Final score",
    "tally.player": "Player",
    "tally.score": "Score",
    "tally.rack": "Rack",
    "tally.final": "Final",
    "status.accepted": "accepted",
    "status.rejected": "not accepted",
    "status.withdrawn": "withdrawn",
    "history.photoAlt": (p) => `photo of turn ${p.n}`,
    "history.fixed": (p) => ` · ${p.n} fixed`,
    "fix.none": "No turn to fix yet.",
    "fix.title": (p) => `Fix row ${p.row}, column ${p.col} (turn ${p.n})`,
    "fix.was": "The camera read: ",
    "fix.cell": (p) => `${p.letter}, ${p.height} high`,
    "fix.done": "Fixed: turn re-judged",
    "challenge.done": (p) => `Challenged ${p.word}`,
    "verdict": (p) => `${p.word} is ${p.valid ? "" : "not "}a word` +
      (p.challenged ? (p.valid ? ": the play stands." : ": the tiles come off.") : "."),
    "done.undo": "Undone",
    "done.pass": "Passed",
    "done.exchange": "Tile swapped",
    "undo.confirm": "Take back the last action?",
    "photo.reading": "Reading the photo…",
    "photo.read": "Photo read",
    "end.title": "End the game",
    "end.help": "Tiles left on each rack (−5 points each):",
    "end.save": "End and tally",
    "end.done": "Game over",
    "new.default": "Player 1, Player 2",
    "new.title": "New game",
    "new.players": "Players, in seat order, with commas",
    "new.start": "Start",
    "new.done": "New game",
    "err.network": "No connection to the table",
    "err.400": "Not accepted",
    "err.404": "Not found",
    "err.409": "Conflict",
    "err.413": "Too large",
    "err.429": "Too many tries: wait",
    "err.500": "The table failed",
    "err.503": "Not available",
    rules: RULES_EN,
  },
  ru: {
    "lang.name": "Русский",
    "lang.switch": "English",
    "board": "доска",
    "hint.tap": "Нажмите на клетку, чтобы исправить то, что прочитала камера.",
    "key.last": "последний ход",
    "key.unsure": "неточно",
    "key.unsureN": (p) => `неточно: ${p.n}, к следующей ›`,
    "key.fixed": "исправлено",
    "challenge.title": "Есть такое слово?",
    "challenge.placeholder": "СЛОВО",
    "challenge.lang": "язык",
    "challenge.check": "Проверить",
    "history.title": "История",
    "action.undo": "Отмена",
    "action.pass": "Пас",
    "action.exchange": "Обмен",
    "action.photo": "Фото",
    "action.more": "Ещё",
    "sheet.close": "Закрыть",
    "cell.title": "Исправить клетку",
    "cell.letter": "Буква",
    "cell.empty": "пусто",
    "cell.save": "Сохранить",
    "cell.height": "Высота",
    "cell.stack": (p) => `${p.letter}, высота ${p.height}`,
    "turn.setup": "доска расставлена",
    "turn.took": (p) => `${p.name} забирает ${p.word}`,
    "last.others": "Объявлено другое слово? Нажмите его:",
    "challenge.who": (p) => `Кто оспаривает ${p.word}?`,
    "player.misses": (p) => (p.n === 1 ? "пропускает ход" : `пропускает ходов: ${p.n}`),
    "player.held": (p) => `фишек: ${p.n}`,
    "player.adjusted": (p) => `было ${p.score}, в конце ${p.adj}`,
    "last.flagged": "Этого слова нет в словаре: оно остаётся, если его не оспорят нажатием.",
    "last.named": (p) => `Слово ${p.word} названо`,
    "new.game": "Игра",
    "new.optionDefault": "по умолчанию",
    "pin.title": "PIN стола",
    "pin.help": "Для изменений нужен PIN с экрана стола. Без него можно только смотреть.",
    "pin.placeholder": "PIN",
    "pin.ok": "OK",
    "pin.wrong": "Неверный PIN.",
    "pin.wrongShort": "неверный PIN",
    "pin.wait": "слишком много попыток: подождите",
    "pin.none": "нет PIN: можно смотреть, но не менять",
    "pin.forgotten": "PIN забыт",
    "more.join": "Подключиться к столу",
    "more.qr": "QR-код этой страницы",
    "more.end": "Закончить игру…",
    "more.new": "Новая игра…",
    "more.forget": "Забыть PIN на этом телефоне",
    "status.info": (p) => `${p.game} · игра ${p.id} · ${p.turns} ${plural("ru", p.n, { one: "ход", few: "хода", many: "ходов", other: "хода" })} · в мешке ${p.bag}`,
    "status.reconnecting": " · переподключение…",
    "banner.rejected": (p) => `Ход ${p.n} (${p.name}) не принят: ${p.error}. Ниже — доска в том виде, в каком её прочитала камера: нажмите на клетку, чтобы исправить, или заберите фишки.`,
    "banner.over": "Игра окончена.",
    "banner.won": (p) => `Игра окончена: победа — ${p.names}, ${p.score}.`,
    "cell.ariaAt": (p) => `ряд ${p.row}, столбец ${p.col}: ${p.what}`,
    "cell.ariaEmpty": (p) => `ряд ${p.row}, столбец ${p.col}: пусто`,
    "cell.ariaCovered": (p) => `ряд ${p.row}, столбец ${p.col}: закрыто или вне фото, может скрывать фишку`,
    "cell.covered": "закрыто",
    "zoom.title": (p) => `Ряды ${p.r1}–${p.r2}, столбцы ${p.c1}–${p.c2}`,
    "zoom.help": "Нажмите клетку, чтобы исправить (стрелки сдвигают вид).",
    "zoom.left": "сдвинуть вид влево", "zoom.up": "сдвинуть вид вверх", "zoom.down": "сдвинуть вид вниз", "zoom.right": "сдвинуть вид вправо",
    "zoom.nextN": (p) => `Следующая неточная (${p.n})`,
    "zoom.sure": "точно", "zoom.unsure": "неточно", "zoom.covered": "не видно", "zoom.fixed": "исправлено",
    "camera.no_board": "Камера не видит доску. Она в кадре, на ней ничего не лежит?",
    "camera.out_of_view": "Часть доски вне кадра. Сдвиньте доску или камеру.",
    "camera.too_dark": "Камере слишком темно: добавьте света.",
    "camera.too_blurred": "Снимок размыт: держите камеру неподвижно и в фокусе.",
    "camera.unreadable": "Снимок камеры не удалось прочитать.",
    "camera.held": "Ход ждёт: над доской что-то есть.",
    "camera.preparing": "Демо готовится.",
    "camera.preparingHelp": "Его снимки рисуются (только при первом запуске): первый ход придёт, когда они будут готовы.",
    "camera.heldHelp": "Уберите руку с доски (или то, что лежит на её краю): тогда камера прочитает ход.",
    "camera.blurred": "Снимок размыт: проверьте фокус камеры, не трогайте стол.",
    "camera.blurredHelp": "Ход всё равно прочитан: нажмите на клетки с пометкой «неточно» и проверьте их. Это сообщение исчезнет, когда камера прочитает чёткий снимок.",
    "camera.lostHelp": "Ход не пропадёт: когда камера снова увидит доску, она его прочитает; или пришлите снимок кнопкой «Фото».",
    "turn.passed": (p) => `${p.name}: пас`,
    "turn.swapped": (p) => `${p.name} обменял(а) фишку`,
    "turn.bonus": (p) => ` + бонус ${p.bonus}`,
    "turn.accepted": (p) => `${p.name}: ${p.words}${p.bonus} = ${p.score}`,
    "turn.withdrawn": (p) => `${p.name}: ${p.words} — снято (${p.error})`,
    "turn.rejected": (p) => `${p.name}: не принято — ${p.error}`,
    "last.title": (p) => `Ход ${p.n}: ${p.name} получает ${p.score} ${plural("ru", p.points, { one: "очко", few: "очка", many: "очков", other: "очка" })}`,
    "last.tap": "Нажмите на слово, чтобы оспорить его.",
    "last.stands": (p) => `${p.word}: оспорено, остаётся`,
    "last.standsLost": (p) => `${p.word}: оспорено, остаётся; оспоривший пропускает ход`,
    "last.notWord": (p) => `${p.word}: не слово`,
    "last.confirmed": "Стол подтвердил ход.",
    "last.confirm": "Подтвердить ход",
    "last.confirmDone": "Ход подтверждён",
    "tally.title": "Итоговый счёт",
    "tally.player": "Игрок",
    "tally.score": "Очки",
    "tally.rack": "Фишки",
    "tally.final": "Итог",
    "status.accepted": "принят",
    "status.rejected": "не принят",
    "status.withdrawn": "снят",
    "history.photoAlt": (p) => `снимок хода ${p.n}`,
    "history.fixed": (p) => ` · исправлено: ${p.n}`,
    "fix.none": "Пока нечего исправлять.",
    "fix.title": (p) => `Ряд ${p.row}, столбец ${p.col} (ход ${p.n})`,
    "fix.was": "Камера прочитала: ",
    "fix.cell": (p) => `${p.letter}, высота ${p.height}`,
    "fix.done": "Исправлено: ход пересчитан",
    "challenge.done": (p) => `${p.word}: оспорено`,
    "verdict": (p) => `${p.word} — ${p.valid ? "" : "не "}слово` +
      (p.challenged ? (p.valid ? ": ход остаётся." : ": фишки снимаются.") : "."),
    "done.undo": "Отменено",
    "done.pass": "Пас",
    "done.exchange": "Фишка обменяна",
    "undo.confirm": "Отменить последнее действие?",
    "photo.reading": "Читаю снимок…",
    "photo.read": "Снимок прочитан",
    "end.title": "Конец игры",
    "end.help": "Фишки, оставшиеся у каждого (−5 очков за каждую):",
    "end.save": "Закончить и подсчитать",
    "end.done": "Игра окончена",
    "new.default": "Игрок 1, Игрок 2",
    "new.title": "Новая игра",
    "new.players": "Игроки по порядку мест, через запятую",
    "new.start": "Начать",
    "new.done": "Новая игра",
    "err.network": "Нет связи со столом",
    "err.400": "Не принято",
    "err.404": "Не найдено",
    "err.409": "Конфликт",
    "err.413": "Слишком большой файл",
    "err.429": "Слишком много попыток: подождите",
    "err.500": "Сбой на столе",
    "err.503": "Недоступно",
    rules: RULES_RU,
  },
};

// pickLang: the player's choice on this phone, else the phone's language.
function pickLang() {
  const saved = localStorage.getItem(LANG_KEY);
  if (LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

let uiLang = pickLang();

// t is the string of key in the page's language (English when the
// Russian table lacks it), with params filled in.
function t(key, params) {
  const s = key in STRINGS[uiLang] ? STRINGS[uiLang][key] : STRINGS.en[key];
  if (s === undefined) return key;
  return typeof s === "function" ? s(params || {}) : s;
}

// ruleText says what a rule code means, in the page's language; the
// server's own message (English, naming the square) is the fallback.
function ruleText(code, fallback) {
  const r = STRINGS[uiLang].rules[code];
  if (uiLang === "en" || !r) return fallback || r || code || "";
  return r;
}

// httpError turns a failed request into one line in the page's language:
// the kind of failure, then the server's words.
function httpError(status, serverText) {
  const kind = t("err." + status);
  if (uiLang === "en") return serverText || (kind.startsWith("err.") ? String(status) : kind);
  if (kind.startsWith("err.")) return serverText || String(status);
  return serverText ? `${kind}: ${serverText}` : kind;
}

function num(n) { return new Intl.NumberFormat(uiLang).format(n); }

function clock(iso) {
  const d = new Date(iso);
  if (isNaN(d) || d.getFullYear() < 2000) return "";
  return new Intl.DateTimeFormat(uiLang, { hour: "2-digit", minute: "2-digit" }).format(d);
}

// translatePage fills every marked element under root.
function translatePage(root) {
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  const attrs = [["placeholder", "i18nPlaceholder"], ["aria-label", "i18nAriaLabel"], ["alt", "i18nAlt"], ["title", "i18nTitle"]];
  for (const [attr, data] of attrs) {
    for (const e of root.querySelectorAll(`[data-i18n-${attr}]`)) e.setAttribute(attr, t(e.dataset[data]));
  }
  if (root === document) document.documentElement.lang = uiLang;
}

// setLang switches the page and remembers the choice on this phone; onLang
// hooks (app.js) redraw what was drawn from data.
const onLang = [];
function setLang(l) {
  if (!LANGS.includes(l)) return;
  uiLang = l;
  localStorage.setItem(LANG_KEY, l);
  translatePage(document);
  for (const f of onLang) f(l);
}

// tr is t, for code where t names a turn.
const tr = t;
