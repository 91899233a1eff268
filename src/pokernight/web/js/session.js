// What survives a reload: the seat token of each table (the player's only credential)
// and the player's preferences.

const seatKey = (code) => `pokernight.seat.${code}`;

export function savedSeat(code) {
  try {
    return JSON.parse(localStorage.getItem(seatKey(code)));
  } catch {
    return null;
  }
}

export function saveSeat(code, seat) {
  localStorage.setItem(seatKey(code), JSON.stringify(seat));
}

/** Every seat this browser keeps a token for: ``{code, token, name}`` (a guest seat's token
 * is that guest's word that a member was them: ``who_is_who.js``). */
export function savedSeats() {
  const seats = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (!key?.startsWith("pokernight.seat.")) continue;
    const code = key.slice("pokernight.seat.".length);
    const seat = savedSeat(code);
    if (seat?.token) seats.push({ code, token: seat.token, name: seat.name });
  }
  return seats;
}

export function forgetSeat(code) {
  localStorage.removeItem(seatKey(code));
}

export function preference(name, fallback) {
  const stored = localStorage.getItem(`pokernight.pref.${name}`);
  return stored === null ? fallback : JSON.parse(stored);
}

export function setPreference(name, value) {
  localStorage.setItem(`pokernight.pref.${name}`, JSON.stringify(value));
}

// The device token of the club member this browser is signed in as (server/tables/identity.py),
// and the member's name and key as the server last gave them.
const DEVICE_KEY = "pokernight.device";

export function signedIn() {
  try {
    return JSON.parse(localStorage.getItem(DEVICE_KEY));
  } catch {
    return null;
  }
}

export function deviceToken() {
  return signedIn()?.device ?? null;
}

export function signIn(device, member) {
  localStorage.setItem(DEVICE_KEY, JSON.stringify({ device, ...member }));
}

export function signOut() {
  localStorage.removeItem(DEVICE_KEY);
}
