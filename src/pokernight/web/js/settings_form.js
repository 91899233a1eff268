// The table settings form, shared by the lobby (create a table) and the host panel
// (applied from the next hand). Every key the API takes (docs/protocol.md).

import { h } from "./dom.js";
import { allGames, bettings, buyInUnits, gameName, gameOf, isStud } from "./games.js";
import { t } from "./i18n.js";

const STAKE_FIELDS = ["small_blind", "big_blind", "straddle", "ante", "big_blind_ante",
  "bring_in", "small_bet", "big_bet", "raise_cap"];

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
      throw new Error(t("rooms.settings.bad_level", { part }));
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

/** A game's stakes by game key → "stud 1/3/10/20, plo 5/10" (stud: ante/bring-in/bets). */
function gameStakesText(gameStakes) {
  return Object.entries(gameStakes ?? {}).map(([game, stakes]) => `${game} ${isStud(game)
    ? `${stakes.ante}/${stakes.bring_in}/${stakes.small_bet}/${stakes.big_bet}`
    : `${stakes.small_blind}/${stakes.big_blind}`}`).join(", ");
}

/** An example of a game's own stakes, with the keys of this server's games: a stud game's
 * and a board game's ("stud 1/3/10/20, plo 5/10"). */
function gameStakesExample(joint) {
  const games = allGames();
  const studKey = games.find((game) => game.stud)?.key;
  const boardKey = games.filter((game) => !game.stud).at(-1)?.key;
  return [studKey && `${studKey} 1/3/10/20`, boardKey && `${boardKey} 5/10`]
    .filter(Boolean).join(joint);
}

/** The text of ``gameStakesText`` → a game's own stakes, keyed by game. */
function parseGameStakes(text) {
  const stakes = {};
  for (const part of text.split(",").map((item) => item.trim()).filter(Boolean)) {
    const [game, amounts = ""] = part.split(/\s+/);
    const numbers = amounts.split("/").map(Number);
    if (!gameOf(game) || numbers.some((n) => !Number.isInteger(n) || n < 0)) {
      throw new Error(t("rooms.settings.bad_game_stakes", { part,
        example: gameStakesExample(t("rooms.settings.or")) }));
    }
    stakes[game] = isStud(game)
      ? { ante: numbers[0], bring_in: numbers[1] ?? 0, small_bet: numbers[2] ?? 0, big_bet: numbers[3] ?? 0 }
      : { small_blind: numbers[0], big_blind: numbers[1] ?? 0 };
  }
  return stakes;
}

/** The games as [key, name], in the server's order. */
function gameOptions() {
  return allGames().map((game) => [game.key, gameName(game.key)]);
}

/** A settings form filled from ``initial`` (settings as the server sends them, or {}: the
 * server's defaults for a new table of its first game). */
export function settingsForm(initial = {}) {
  const variant = initial.variant ?? allGames()[0]?.key;
  const game = gameOf(variant) ?? {};
  const defaults = game.defaults ?? {};
  initial = { ...defaults, stakes: game.default_stakes, ...initial };
  const stakes = initial.stakes ?? {};
  const units = buyInUnits();
  const form = h("div", { class: "settings-sections" },
    section(t("rooms.settings.game"), t("rooms.settings.game_note"),
      selectField("variant", t("rooms.settings.game"), gameOptions(), variant),
      selectField("betting", t("rooms.settings.betting"),
        [["", t("rooms.settings.games_own")], ...bettings()],
        initial.betting ?? "")),
    section(t("rooms.settings.stakes"), t("rooms.settings.stakes_note"),
      STAKE_FIELDS.map((name) => numberField(name, t(`rooms.settings.${name}`), stakes[name]))),
    section(t("rooms.settings.seats_and_buy_ins"), t("rooms.settings.seats_note", {
      minimum: units.minimum, maximum: units.maximum, stack_cap: units.stack_cap }),
      numberField("seats", t("rooms.settings.seats"), initial.seats, { min: game.min_seats }),
      numberField("min_buy_in", t("rooms.settings.min_buy_in"), initial.min_buy_in, { min: 1 }),
      numberField("max_buy_in", t("rooms.settings.max_buy_in"), initial.max_buy_in, { min: 1 }),
      numberField("max_stack", t("rooms.settings.max_stack"), initial.max_stack, { min: 1 })),
    section(t("rooms.settings.clocks"), t("rooms.settings.clocks_note"),
      numberField("action_seconds", t("rooms.settings.action_seconds"), initial.action_seconds,
        { min: 1 }),
      numberField("time_bank_seconds", t("rooms.settings.time_bank_seconds"),
        initial.time_bank_seconds),
      numberField("away_action_seconds", t("rooms.settings.away_action_seconds"),
        initial.away_action_seconds, { min: 1 }),
      numberField("host_away_seconds", t("rooms.settings.host_away_seconds"),
        initial.host_away_seconds, { min: 1 }),
      numberField("bot_delay_seconds", t("rooms.settings.bot_delay_seconds"),
        initial.bot_delay_seconds, { step: 0.1 })),
    section(t("rooms.settings.schedule"), t("rooms.settings.schedule_note"),
      h("div", { class: "field wide" },
        h("label", {}, t("rooms.settings.blind_levels"),
          h("input", { name: "blind_levels", type: "text", value: levelsText(initial.blind_levels) }))),
      numberField("level_minutes", t("rooms.settings.level_minutes"), initial.level_minutes,
        { min: 1 }),
      h("fieldset", { class: "field wide" },
        h("legend", {}, t("rooms.settings.dealers_choice")),
        gameOptions().map(([key, words]) => h("label", { class: "check" },
          h("input", { type: "checkbox", name: "dealers_choice", value: key,
            checked: (initial.dealers_choice ?? []).includes(key) }), words))),
      h("div", { class: "field wide" },
        h("label", {}, t("rooms.settings.game_stakes", { example: gameStakesExample(", ") }),
          h("input", { name: "game_stakes", type: "text", value: gameStakesText(initial.game_stakes) })))),
    section(t("rooms.settings.house_rules"), t("rooms.settings.house_rules_note"),
      // -1: the server's default, five largest buy-ins at the stakes of the time: left empty.
      numberField("debt_cap", t("rooms.settings.debt_cap"),
        initial.debt_cap === -1 ? null : initial.debt_cap, { min: 1 }),
      h("label", { class: "check field" },
        h("input", { type: "checkbox", name: "no_debt_cap", checked: initial.debt_cap === null }),
        t("rooms.settings.no_debt_cap")),
      h("label", { class: "check field wide" },
        h("input", { type: "checkbox", name: "approve_seats", checked: initial.approve_seats }),
        t("rooms.settings.approve_seats")),
      h("label", { class: "check field wide" },
        h("input", { type: "checkbox", name: "approve_rebuys", checked: initial.approve_rebuys }),
        t("rooms.settings.approve_rebuys")),
      h("label", { class: "check field wide" },
        h("input", { type: "checkbox", name: "allow_programs", checked: initial.allow_programs }),
        t("rooms.settings.allow_programs"))),
    section(t("rooms.settings.table_options"), t("rooms.settings.table_options_note"),
      h("label", { class: "check field wide" },
        h("input", { type: "checkbox", name: "jacks_to_open", checked: Boolean(initial.jacks_to_open) }),
        t("rooms.settings.jacks_to_open")),
      h("label", { class: "check field wide" },
        h("input", { type: "checkbox", name: "ftq_queen_carries_over",
          checked: Boolean(initial.ftq_queen_carries_over) }),
        t("rooms.settings.ftq_queen_carries_over")),
      h("label", { class: "check field wide" },
        h("input", { type: "checkbox", name: "run_it_twice", checked: Boolean(initial.run_it_twice) }),
        t("rooms.settings.run_it_twice")),
      numberField("seven_deuce_bounty", t("rooms.settings.seven_deuce_bounty"),
        initial.seven_deuce_bounty),
      h("label", { class: "check field wide" },
        h("input", { type: "checkbox", name: "rabbit_hunting", checked: initial.rabbit_hunting }),
        t("rooms.settings.rabbit_hunting")),
      selectField("straddles", t("rooms.settings.straddles"),
        ["none", "under_the_gun", "mississippi"].map((key) => [key, t(`rooms.settings.straddles.${key}`)]),
        initial.straddles ?? "none"),
      numberField("max_straddles", t("rooms.settings.max_straddles"), initial.max_straddles ?? 1,
        { min: 1 }),
      numberField("bomb_pot_every", t("rooms.settings.bomb_pot_every"), initial.bomb_pot_every),
      numberField("bomb_pot_ante", t("rooms.settings.bomb_pot_ante"), initial.bomb_pot_ante,
        { min: 1 }),
      h("label", { class: "check field wide" },
        h("input", { type: "checkbox", name: "bomb_pot_double_board",
          checked: Boolean(initial.bomb_pot_double_board) }),
        t("rooms.settings.bomb_pot_double_board"))),
    section(t("rooms.settings.stream_delay_title"), t("rooms.settings.stream_delay_note"),
      numberField("stream_delay", t("rooms.settings.stream_delay"),
        initial.stream_delay_actions || initial.stream_delay_seconds || 0),
      selectField("stream_delay_unit", t("rooms.settings.counted_in"),
        ["seconds", "actions"].map((key) => [key, t(`rooms.settings.stream_delay.${key}`)]),
        initial.stream_delay_actions ? "actions" : "seconds")));
  let studGame = isStud(variant);
  form.querySelector("[name=variant]").addEventListener("change", (event) => {
    const chosen = gameOf(event.target.value);
    const seats = form.querySelector("[name=seats]");
    if (Number(seats.value) > chosen.max_seats) seats.value = chosen.max_seats;
    // Hold'em to Omaha keeps the host's stakes; only blinds to antes (or back) change them.
    if (chosen.stud === studGame) return;
    studGame = chosen.stud;
    for (const name of STAKE_FIELDS) {
      if (name !== "raise_cap") form.querySelector(`[name=${name}]`).value = chosen.default_stakes[name] ?? "";
    }
  });
  return form;
}

/** The settings in ``form`` as the API takes them; an Error naming a bad field. */
export function readSettings(form) {
  const value = (name) => form.querySelector(`[name=${name}]`).value.trim();
  const integer = (name) => (value(name) === "" ? null : Number(value(name)));
  const variant = value("variant");
  const stakes = {};
  for (const name of STAKE_FIELDS) {
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
    away_action_seconds: integer("away_action_seconds"),
    host_away_seconds: integer("host_away_seconds"),
    // Left empty: the server's default for the stakes given (five largest buy-ins).
    debt_cap: form.querySelector("[name=no_debt_cap]").checked ? null : integer("debt_cap"),
    approve_seats: form.querySelector("[name=approve_seats]").checked,
    approve_rebuys: form.querySelector("[name=approve_rebuys]").checked,
    allow_programs: form.querySelector("[name=allow_programs]").checked,
    rabbit_hunting: form.querySelector("[name=rabbit_hunting]").checked,
    jacks_to_open: form.querySelector("[name=jacks_to_open]").checked,
    ftq_queen_carries_over: form.querySelector("[name=ftq_queen_carries_over]").checked,
    run_it_twice: form.querySelector("[name=run_it_twice]").checked,
    bomb_pot_double_board: form.querySelector("[name=bomb_pot_double_board]").checked,
    straddles: value("straddles"),
    max_straddles: integer("max_straddles"),
    bot_delay_seconds: integer("bot_delay_seconds"),
    seven_deuce_bounty: integer("seven_deuce_bounty"),
    bomb_pot_every: integer("bomb_pot_every"),
    bomb_pot_ante: integer("bomb_pot_ante"),
    blind_levels: parseLevels(value("blind_levels"), isStud(variant)),
    level_minutes: integer("level_minutes"),
    dealers_choice: [...form.querySelectorAll("[name=dealers_choice]:checked")].map((box) => box.value),
    game_stakes: parseGameStakes(value("game_stakes")),
    // One of the two (the server refuses both): the other is 0.
    stream_delay_seconds: value("stream_delay_unit") === "seconds" ? integer("stream_delay") ?? 0 : 0,
    stream_delay_actions: value("stream_delay_unit") === "actions" ? integer("stream_delay") ?? 0 : 0,
  };
  for (const name of ["seats", "action_seconds", "time_bank_seconds", "away_action_seconds",
    "host_away_seconds", "level_minutes", "bot_delay_seconds", "seven_deuce_bounty",
    "bomb_pot_every"]) {
    if (settings[name] === null) delete settings[name];
  }
  if (settings.debt_cap === null && !form.querySelector("[name=no_debt_cap]").checked) {
    delete settings.debt_cap;
  }
  return settings;
}
