// The blinds on a clock (seed 003: "Automatically increase on a timer"): the level the
// table is at and the time to the next, read off the server's timetable (``blind_clock``:
// each level's stakes and when it begins on the server's clock, from the first hand dealt).
// The server decides the level of each hand when it deals it; this only reads the table.

import { t } from "./i18n.js";

/** "5/10", "5/10 ante 1", or a stud level's "bring-in 10, bets 20/40". */
export function levelStakesWords(stakes) {
  if (stakes.big_blind) {
    const blinds = `${stakes.small_blind}/${stakes.big_blind}`;
    return stakes.ante ? t("rooms.clock.blinds_ante", { blinds, ante: stakes.ante }) : blinds;
  }
  return t("rooms.clock.stud_level", { bring_in: stakes.bring_in,
    bets: `${stakes.small_bet}/${stakes.big_bet}` });
}

/** "12:34", or "1:02:03" past an hour; never below 0:00. */
export function countdown(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const two = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** Where the timetable ``clock`` stands at server time ``now``: ``{level, count, stakes,
 * next, left}`` (``next``: the next level, null at the last; ``left``: seconds until it,
 * null before the first hand); null at a table whose stakes never rise. */
export function levelAt(clock, now) {
  if (!clock?.levels?.length) return null;
  let current = clock.levels[0];
  for (const level of clock.levels) {
    if (level.starts_at !== null && level.starts_at <= now) current = level;
  }
  const next = clock.levels[current.level + 1] ?? null;
  const left = next?.starts_at === null || next?.starts_at === undefined ? null : next.starts_at - now;
  return { level: current.level, count: clock.levels.length, stakes: current.stakes, next, left };
}

/** "Level 2 of 8: 10/20 · next 15/30 in 12:34", "… · the last level", or before the first
 * hand "… · 15-minute levels from the first hand"; "" without a schedule. */
export function blindClockWords(clock, now) {
  const at = levelAt(clock, now);
  if (!at) return "";
  const here = t("rooms.clock.level_of", { level: at.level + 1, count: at.count,
    stakes: levelStakesWords(at.stakes) });
  if (!at.next) return `${here} \u00b7 ${t("rooms.clock.last_level")}`;
  if (at.left === null) {
    return `${here} \u00b7 ${t("rooms.clock.from_first_hand", { minutes: clock.level_minutes })}`;
  }
  return `${here} \u00b7 ${t("rooms.clock.next_in", { stakes: levelStakesWords(at.next.stakes),
    time: countdown(at.left) })}`;
}
