// The shareable address of a stored hand's replay (main.js routes it to the replay page).

/** Hand ``number`` of table ``code``, at step ``step`` (0-based) if given. */
export function replayHash(code, number, step = null) {
  return `#${code}/hand/${number}${step === null ? "" : `/${step}`}`;
}

/** Hand ``number`` of the club's table ``tableId`` (any night, even one whose code is taken
 * again), at step ``step`` if given: for the club's members. */
export function clubReplayHash(tableId, number, step = null) {
  return `#club/table/${tableId}/hand/${number}${step === null ? "" : `/${step}`}`;
}
