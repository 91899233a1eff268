// The table settings form, shared by the lobby (create a table) and the host panel
// (applied from the next hand). Every key the API takes (docs/protocol.md).

import { h } from "./dom.js";
import { GAME_NAMES, STUD_GAMES } from "./state.js";

const STAKE_FIELDS = [
  ["small_blind", "Small blind"], ["big_blind", "Big blind"], ["straddle", "Straddle"],
  ["ante", "Ante"], ["big_blind_ante", "Big-blind ante"], ["bring_in", "Bring-in"],
  ["small_bet", "Small bet"], ["big_bet", "Big bet"], ["raise_cap", "Raise cap"],
];
// The server's defaults for a new table of each family (rules.variants.default_stakes).
const DEFAULT_STAKES = {
  stud: { ante: 5, bring_in: 10, small_bet: 20, big_bet: 40 },
  blinds: { small_blind: 10, big_blind: 20, small_bet: 20, big_bet: 40 },
};
const STUD_MAX_SEATS = 8;

function numberField(name, label, value, { min = 0, step = 1 } = {}) {
  const id = `setting-${name}-${Math.random().toString(36).slice(2, 7)}`;
  return h("div", { class: "field" },
    h("label", { for: id }, label),
    h("input", { id, name, type: "number", min, step, inputmode: "numeric",
      value: value ?? "" }));
}

function selectField(name, label, options, value) {
  const id = `setting-${name}-${Math.random().toString(36).slice(2, 7)}`;
  return h("div", { class: "field" },
    h("label", { for: id }, label),
    h("select", { id, name },
      options.map(([key, words]) => h("option", { value: key, selected: key === value }, words))));
}

function levelsText(levels) {
  return (levels ?? []).map((stakes) => (stakes.big_blind
    ? `${stakes.small_blind}/${stakes.big_blind}` + (stakes.ante ? `/${stakes.ante}` : "")
    : `${stakes.bring_in}/${stakes.small_bet}/${stakes.big_bet}`)).join(", ");
}

/** "10/20, 20/40/5" → blind levels; stud levels are "bring-in/small bet/big bet". */
function parseLevels(text, stud) {
  return text.split(",").map((part) => part.trim()).filter(Boolean).map((part) => {
    const numbers = part.split("/").map((n) => Number(n.trim()));
    if (numbers.some((n) => !Number.isInteger(n) || n < 0)) {
      throw new Error(`"${part}" is not a blind level: write it like 10/20`);
    }
    if (stud) return { bring_in: numbers[0], small_bet: numbers[1] ?? 0, big_bet: numbers[2] ?? 0 };
    return { small_blind: numbers[0], big_blind: numbers[1] ?? 0, ante: numbers[2] ?? 0 };
  });
}

/** One part of the form: a title, what it is for in one line, its fields. */
function section(title, explanation, ...fields) {
  return h("fieldset", { class: "settings-section" },
    h("legend", {}, title), h("p", { class: "note" }, explanation),
    h("div", { class: "settings-grid" }, fields));
}

/** ``{"stud": {...}, "plo": {...}}`` → "stud 1/3/10/20, plo 5/10". */
function gameStakesText(gameStakes) {
  return Object.entries(gameStakes ?? {}).map(([game, stakes]) => `${game} ${STUD_GAMES.has(game)
    ? `${stakes.ante}/${stakes.bring_in}/${stakes.small_bet}/${stakes.big_bet}`
    : `${stakes.small_blind}/${stakes.big_blind}`}`).join(", ");
}

/** "stud 1/3/10/20, plo 5/10" → a game's own stakes, keyed by game. */
function parseGameStakes(text) {
  const stakes = {};
  for (const part of text.split(",").map((item) => item.trim()).filter(Boolean)) {
    const [game, amounts = ""] = part.split(/\s+/);
    const numbers = amounts.split("/").map(Number);
    if (!(game in GAME_NAMES) || numbers.some((n) => !Number.isInteger(n) || n < 0)) {
      throw new Error(`"${part}" is not a game's stakes: write it like stud 1/3/10/20 or plo 5/10`);
    }
    stakes[game] = STUD_GAMES.has(game)
      ? { ante: numbers[0], bring_in: numbers[1] ?? 0, small_bet: numbers[2] ?? 0, big_bet: numbers[3] ?? 0 }
      : { small_blind: numbers[0], big_blind: numbers[1] ?? 0 };
  }
  return stakes;
}

/** A settings form filled from ``initial`` (settings as the server sends them, or {}). */
export function settingsForm(initial = {}) {
  const variant = initial.variant ?? "nlhe";
  const stakes = initial.stakes ?? DEFAULT_STAKES[STUD_GAMES.has(variant) ? "stud" : "blinds"];
  const form = h("div", { class: "settings-sections" },
    section("Game", "What is dealt, and how it is bet (the game's own, or another).",
      selectField("variant", "Game", Object.entries(GAME_NAMES), variant),
      selectField("betting", "Betting", [["", "The game's own"], ["no-limit", "No-limit"],
        ["pot-limit", "Pot-limit"], ["fixed-limit", "Fixed-limit"]], initial.betting ?? "")),
    section("Stakes", "Blinds for hold'em and Omaha; ante, bring-in and bets for the stud games.",
      STAKE_FIELDS.map(([name, label]) => numberField(name, label, stakes[name]))),
    section("Seats and buy-ins", "Left empty, buy-ins are 20 to 100 big blinds (stud: small "
      + "bets) and a stack may grow to 200 before rebuys stop.",
      numberField("seats", "Seats", initial.seats ?? 6, { min: 2 }),
      numberField("min_buy_in", "Minimum buy-in", initial.min_buy_in, { min: 1 }),
      numberField("max_buy_in", "Maximum buy-in", initial.max_buy_in, { min: 1 }),
      numberField("max_stack", "Maximum stack", initial.max_stack, { min: 1 })),
    section("Clocks", "Each player's time to act, then a time bank for the hard decisions; "
      + "and how long the bots think.",
      numberField("action_seconds", "Seconds to act", initial.action_seconds ?? 30, { min: 1 }),
      numberField("time_bank_seconds", "Time bank (seconds)", initial.time_bank_seconds ?? 60),
      numberField("bot_delay_seconds", "Bots think for about (seconds)",
        initial.bot_delay_seconds ?? 1.3, { step: 0.1 })),
    section("Blind schedule and dealer's choice", "Stakes that rise on a clock, and games "
      + "played in turn, each for its own stakes (derived from the stakes above unless set).",
      h("div", { class: "field wide" },
        h("label", {}, "Blind schedule (levels after the first, e.g. 20/40, 50/100)",
          h("input", { name: "blind_levels", type: "text", value: levelsText(initial.blind_levels) }))),
      numberField("level_minutes", "Minutes per level", initial.level_minutes ?? 15, { min: 1 }),
      h("fieldset", { class: "field wide" },
        h("legend", {}, "Dealer's choice (games in turn; none: the game above)"),
        Object.entries(GAME_NAMES).map(([key, words]) => h("label", { class: "check" },
          h("input", { type: "checkbox", name: "dealers_choice", value: key,
            checked: (initial.dealers_choice ?? []).includes(key) }), words))),
      h("div", { class: "field wide" },
        h("label", {}, "A game's own stakes (e.g. stud 1/3/10/20, plo 5/10)",
          h("input", { name: "game_stakes", type: "text", value: gameStakesText(initial.game_stakes) })))),
    section("House rules", "Who owes how much at most, and who may sit without asking.",
      // -1: the server's default, five largest buy-ins at the stakes of the time: left empty.
      numberField("debt_cap", "Debt cap (empty: five largest buy-ins)",
        initial.debt_cap === -1 ? null : initial.debt_cap, { min: 1 }),
      h("label", { class: "check field" },
        h("input", { type: "checkbox", name: "no_debt_cap", checked: initial.debt_cap === null }),
        "No debt cap"),
      h("label", { class: "check field wide" },
        h("input", { type: "checkbox", name: "approve_seats", checked: initial.approve_seats ?? true }),
        "The host approves newcomers who did not get the invite link"),
      h("label", { class: "check field wide" },
        h("input", { type: "checkbox", name: "approve_rebuys", checked: initial.approve_rebuys ?? false }),
        "The host approves each rebuy (else any within the limits is taken at once)")));
  let studGame = STUD_GAMES.has(variant);
  form.querySelector("[name=variant]").addEventListener("change", (event) => {
    const stud = STUD_GAMES.has(event.target.value);
    // Hold'em to Omaha keeps the host's stakes; only blinds to antes (or back) change them.
    if (stud === studGame) return;
    studGame = stud;
    const defaults = DEFAULT_STAKES[stud ? "stud" : "blinds"];
    for (const [name] of STAKE_FIELDS) {
      if (name !== "raise_cap") form.querySelector(`[name=${name}]`).value = defaults[name] ?? "";
    }
    const seats = form.querySelector("[name=seats]");
    if (stud && Number(seats.value) > STUD_MAX_SEATS) seats.value = STUD_MAX_SEATS;
  });
  return form;
}

/** The settings in ``form`` as the API takes them; an Error naming a bad field. */
export function readSettings(form) {
  const value = (name) => form.querySelector(`[name=${name}]`).value.trim();
  const integer = (name) => (value(name) === "" ? null : Number(value(name)));
  const variant = value("variant");
  const stakes = {};
  for (const [name] of STAKE_FIELDS) {
    const amount = integer(name);
    if (amount !== null) stakes[name] = amount;
  }
  const settings = {
    variant,
    betting: value("betting") || null,
    stakes,
    seats: integer("seats"),
    min_buy_in: integer("min_buy_in"),
    max_buy_in: integer("max_buy_in"),
    max_stack: integer("max_stack"),
    action_seconds: integer("action_seconds"),
    time_bank_seconds: integer("time_bank_seconds"),
    // Left empty: the server's default for the stakes given (five largest buy-ins).
    debt_cap: form.querySelector("[name=no_debt_cap]").checked ? null : integer("debt_cap"),
    approve_seats: form.querySelector("[name=approve_seats]").checked,
    approve_rebuys: form.querySelector("[name=approve_rebuys]").checked,
    bot_delay_seconds: integer("bot_delay_seconds"),
    blind_levels: parseLevels(value("blind_levels"), STUD_GAMES.has(variant)),
    level_minutes: integer("level_minutes"),
    dealers_choice: [...form.querySelectorAll("[name=dealers_choice]:checked")].map((box) => box.value),
    game_stakes: parseGameStakes(value("game_stakes")),
  };
  for (const name of ["seats", "action_seconds", "time_bank_seconds", "level_minutes",
    "bot_delay_seconds"]) {
    if (settings[name] === null) delete settings[name];
  }
  if (settings.debt_cap === null && !form.querySelector("[name=no_debt_cap]").checked) {
    delete settings.debt_cap;
  }
  return settings;
}

/** The buy-in range the server allows (table.settings: counted in big blinds or small bets). */
export function buyInRange(settings) {
  const stakes = settings.stakes ?? {};
  const unit = stakes.big_blind || stakes.small_bet || 1;
  const cap = settings.max_stack ?? 200 * unit;
  const minimum = settings.min_buy_in ?? 20 * unit;
  const maximum = settings.max_buy_in ?? Math.min(100 * unit, cap);
  return { minimum, maximum, stackCap: cap };
}
