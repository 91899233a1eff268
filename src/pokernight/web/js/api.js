// The HTTP half of the protocol (docs/protocol.md): create, look up and join tables, read
// what a table keeps (ledger, hands, a hand's replay), and the club's season.

import { language, t } from "./i18n.js";
import { deviceToken } from "./session.js";
import { refusalWords } from "./refusal.js";

/** Every request carries this browser's club device token, if it is signed in (the club
 * knows its member by it; the token is never put in an address). */
function headersFor(options, headers, asMember = true) {
  const device = asMember ? deviceToken() : null;
  return {
    ...(options.body ? { "content-type": "application/json" } : {}),
    ...(device ? { "x-pokernight-device": device } : {}),
    ...headers,
  };
}

/** A refusal: the server's reason, its status, and (409 "is this you?") the member named. */
class RefusedError extends Error {
  constructor(body, status) {
    super(body.error || t("common.server_answered", { status: String(status) }));
    this.status = status;
    this.member = body.member ?? null;
    if (body.code) this.message = refusalWords(body); // in the page's language
  }
}

async function request(path, options = {}, headers = {}, asMember = true) {
  const response = await fetch(path, { ...options, headers: headersFor(options, headers, asMember) });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new RefusedError(body, response.status);
  return body;
}

const post = (path, body, headers = {}) =>
  request(path, { method: "POST", body: JSON.stringify(body) }, headers);
const bearer = (token) => (token ? { authorization: `Bearer ${token}` } : {});

/** ``member``: the newcomer becomes a member of the club; ``device``: they are this
 * browser's member (else the browser's device token is not sent: somebody else joins). */
const asNewcomer = (path, body, { member = false, device = true } = {}) =>
  request(path, { method: "POST", body: JSON.stringify({ ...body, member }) }, {}, device);
export const createTable = (name, settings, who) =>
  asNewcomer("/api/tables", { name, settings }, who);
export const joinTable = (code, name, invite = null, who = {}) =>
  asNewcomer(`/api/tables/${code}/join`, invite ? { name, invite } : { name }, who);
export const tableInfo = (code) => request(`/api/tables/${code}`);
export const ledger = (code) => request(`/api/tables/${code}/ledger`);
/** ``token``: the seat's (a player's list is never held back by the stream delay). */
export const lastHands = (code, token = null) =>
  request(`/api/tables/${code}/hands`, {}, bearer(token));
export const stats = (code) => request(`/api/tables/${code}/stats`);
/** The night's recap, once the table is closed (its figures and lines), and its image (in
 * the page's language). */
export const recap = (code) => request(`/api/tables/${code}/recap`);
export const recapImageUrl = (code) => `/api/tables/${code}/recap.png?lang=${language}`;
export const games = () => request("/api/games");
/** A finished hand step by step, as the seat ``token`` (the WebSocket's own) may see it,
 * with the coach's word on each of that player's decisions. */
export const handReplay = (code, number, token = null) =>
  request(`/api/tables/${code}/hands/${number}/replay?coach=1`, {}, bearer(token));
export const ledgerCsvUrl = (code) => `/api/tables/${code}/ledger?format=csv`;
/** A tournament from a template (docs/protocol.md, "Tournaments"): its facts, its id and
 * the director's token. */
export const createTournament = (body) => post("/api/tournaments", body);
/** A place in tournament ``id``: the entrant's player id and token (their table's key);
 * with ``bot`` (a level), a bot's place, which has no token and only the director may
 * take (``token``: the director's). */
export const registerEntrant = (id, name, bot = null, token = null) =>
  post(`/api/tournaments/${id}/entrants`, bot ? { name, bot } : { name }, bearer(token));

// The club (docs/protocol.md, "The club"): the season is for members, by their device.
export const club = () => request("/api/club");
export const newClaimCode = () => post("/api/club/claim-code", {});
export const claim = (code) => post("/api/club/claim", { code });
export const season = () => request("/api/club/season");
export const clubStats = () => request("/api/club/stats");
export const clubHands = (query) => request(`/api/club/hands?${new URLSearchParams(query)}`);
export const clubReplay = (tableId, number) =>
  request(`/api/club/tables/${tableId}/hands/${number}/replay?coach=1`);
/** A payment recorded by its payer or its payee: it counts once the other confirms it. */
export const addPayment = (payer, payee, amount) =>
  post("/api/club/payments", { payer, payee, amount });
export const confirmPayment = (id) => post(`/api/club/payments/${id}/confirm`, {});
/** Withdrawn by the side who recorded it, or declined by the other, while it waits. */
export const undoPayment = (id) => request(`/api/club/payments/${id}`, { method: "DELETE" });
/** An organiser's word on a disputed payment: it counts, or it never happened. */
export const settlePayment = (id, counts) => post(`/api/club/payments/${id}/settle`, { counts });
export const devices = () => request("/api/club/devices");
export const removeDevice = (key) =>
  request(`/api/club/devices/${encodeURIComponent(key)}`, { method: "DELETE" });
// The door (issue 30): invitations from members, taken by a name (or by a member, to organise).
export const newInvite = (organiser = false) => post("/api/club/invites", { organiser });
export const takeInvite = (invite, name) => post("/api/club/join", { invite, name });
// Who is who, on the people's own word: a guest seat by its seat token, a merge by the
// other name's claim code; organisers name organisers and read the club's log.
export const guestSeats = (seatTokens) =>
  post("/api/club/guest-seats", { seat_tokens: seatTokens });
export const claimGuest = (seatToken) => post("/api/club/claim-guest", { seat_token: seatToken });
export const mergeMembers = (code) => post("/api/club/merge", { code });
export const addOrganiser = (memberId) => post("/api/club/organisers", { member_id: memberId });
export const clubLog = () => request("/api/club/log");

/** The season as CSV text (asked for with the device header, so not a plain link). */
export async function seasonCsv() {
  const response = await fetch("/api/club/season.csv", { headers: headersFor({}, {}) });
  if (!response.ok) throw new RefusedError(await response.json().catch(() => ({})), response.status);
  return response.text();
}

/** The invite link as a QR code (SVG text), for a phone to scan. */
export async function qrCode(text) {
  const response = await fetch("/api/qr", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }),
  });
  if (!response.ok) throw new Error(t("common.server_answered", { status: String(response.status) }));
  return response.text();
}
/** The tournament's facts as the person whose ``token`` it is sees them (``you``). */
export const tournamentInfo = (id, token) => request(`/api/tournaments/${id}`, {}, bearer(token));
/** What an entrant or the director does (docs/protocol.md, "Tournaments"): each answers
 * the facts as they see them now, or the rules' reason. */
export const unregisterEntrant = (id, token) =>
  request(`/api/tournaments/${id}/entrants/me`, { method: "DELETE" }, bearer(token));
export const rebuy = (id, token) => post(`/api/tournaments/${id}/rebuys`, {}, bearer(token));
export const addOn = (id, token) => post(`/api/tournaments/${id}/add-ons`, {}, bearer(token));
export const startTournament = (id, token) =>
  post(`/api/tournaments/${id}/start`, {}, bearer(token));
export const dealOptions = (id) => request(`/api/tournaments/${id}/deal`);
export const recordDeal = (id, token, amounts) =>
  post(`/api/tournaments/${id}/deal`, { amounts }, bearer(token));
