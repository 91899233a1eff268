// The shareable address of a stored hand's replay (main.js routes it to the replay page).

/** Hand ``number`` of table ``code``, at step ``step`` (0-based) if given. */
export function replayHash(code, number, step = null) {
  return `#${code}/hand/${number}${step === null ? "" : `/${step}`}`;
}
