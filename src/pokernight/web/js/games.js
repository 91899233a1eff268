// The games the server deals, as its variant table says (GET /api/games): names, whether
// a game has a button and a board, how its cards come face up or down, how its showdown is
// read, its seats, default stakes and table defaults. Loaded once before any page draws;
// nothing here knows a game by its key.

import * as api from "./api.js";
import { has, t } from "./i18n.js";

let loaded = null; // the promise of the server's answer
let table = null; // {games: [...], bettings, buy_in_units, presets}, once it came
let byKey = new Map();

/** Ask the server once; every later call waits for the same answer (a failure asks again). */
export function loadGames() {
  loaded ??= api.games().then((answer) => {
    table = answer;
    byKey = new Map(answer.games.map((game) => [game.key, game]));
    return answer;
  }, (failure) => {
    loaded = null;
    throw failure;
  });
  return loaded;
}

/** The game ``key`` names (undefined for one this server does not deal). */
export function gameOf(key) {
  return byKey.get(key);
}

/** Every game, in the server's order. */
export function allGames() {
  return table?.games ?? [];
}

/** The game's name as a table shows it ("No-Limit Hold'em"), in the page's language by its
 * key; a game the catalogue does not know by the server's name, else its key. */
export function gameName(key) {
  if (has(`table.game.${key}`)) return t(`table.game.${key}`);
  return gameOf(key)?.name ?? key ?? "";
}

/** Stud games: antes and a bring-in, no button, no board, cards face up and down. */
export function isStud(key) {
  return Boolean(gameOf(key)?.stud);
}

/** The betting structures, [key, words], in the server's order: the words in the page's
 * language (the server's for one the catalogue does not know). */
export function bettings() {
  return (table?.bettings ?? []).map(([key, words]) =>
    [key, has(`table.betting.${key}`) ? t(`table.betting.${key}`) : words]);
}

/** What buy-ins and the stack cap are counted in when left empty ({minimum, maximum, stack_cap}). */
export function buyInUnits() {
  return table?.buy_in_units ?? {};
}

/** The seeds' rooms as settings presets, in the server's order: each ``{key, seed, name,
 * settings, lines: [{quote, sets}]}``, its settings as the API takes them. */
export function presets() {
  return table?.presets ?? [];
}
