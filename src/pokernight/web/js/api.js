// The HTTP half of the protocol (docs/protocol.md): create, look up and join tables, read
// what a table keeps (ledger, hands, a hand's replay).

async function request(path, options = {}, headers = {}) {
  const response = await fetch(path, {
    ...options,
    headers: { ...(options.body ? { "content-type": "application/json" } : {}), ...headers },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
  return body;
}

const post = (path, body) => request(path, { method: "POST", body: JSON.stringify(body) });

export const createTable = (name, settings) => post("/api/tables", { name, settings });
export const joinTable = (code, name, invite = null) =>
  post(`/api/tables/${code}/join`, invite ? { name, invite } : { name });
export const tableInfo = (code) => request(`/api/tables/${code}`);
export const ledger = (code) => request(`/api/tables/${code}/ledger`);
export const lastHands = (code) => request(`/api/tables/${code}/hands`);
export const stats = (code) => request(`/api/tables/${code}/stats`);
export const games = () => request("/api/games");
/** A finished hand step by step, as the seat ``token`` (the WebSocket's own) may see it. */
export const handReplay = (code, number, token = null) => request(
  `/api/tables/${code}/hands/${number}/replay`, {}, token ? { authorization: `Bearer ${token}` } : {});
export const ledgerCsvUrl = (code) => `/api/tables/${code}/ledger?format=csv`;

/** The invite link as a QR code (SVG text), for a phone to scan. */
export async function qrCode(text) {
  const response = await fetch("/api/qr", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }),
  });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  return response.text();
}
