// Who is who in the club (issue 30), on the people's own word: a seat this browser played
// as a guest becomes its member's (its seat token is that guest's word), another name in
// the club merges into this one (a claim code from a device signed in as it is that
// name's word), and an organiser names organisers and reads the club's log. Nobody's
// word moves another person's seats, cards or money.

import * as api from "./api.js";
import { h, sentence } from "./dom.js";
import { savedSeats } from "./session.js";

function choices(list, label, id) {
  return h("select", { "aria-label": label, id },
    list.map(([value, words]) => h("option", { value }, words)));
}

export function whoIsWho(season, reload) {
  const note = h("p", { class: "note", role: "status", id: "who-is-who-note" });
  const done = async (request, words) => {
    try {
      await request();
      note.textContent = words;
      reload();
    } catch (failure) {
      note.textContent = sentence(failure.message);
    }
  };
  return [guestSeats(done), mergePart(done),
    season.me.organiser ? organiserPart(season, done) : "", note];
}

/** The seats this browser kept that the server says are guest seats of the club's nights:
 * "that was me" makes one the member's (the token is that guest's word). */
function guestSeats(done) {
  const holder = h("div", { id: "club-my-seats" });
  const tokens = savedSeats().map((seat) => seat.token).slice(-100);
  const none = () => holder.replaceChildren(
    h("p", { class: "muted" }, "This browser played no seat of the club as a guest."));
  if (!tokens.length) {
    none();
    return holder;
  }
  api.guestSeats(tokens).then(({ seats }) => {
    if (!seats.length) {
      none();
      return;
    }
    holder.replaceChildren(
      h("p", {}, "Seats this browser played as a guest. One of them was you? It joins your season:"),
      h("ul", { class: "my-seats" }, seats.map((seat) => h("li", {},
        `${seat.name} at table ${seat.code}, ${new Date(seat.created_at * 1000).toLocaleDateString()} `,
        h("button", { type: "button", class: "claim-seat", onclick: () => done(
          () => api.claimGuest(seat.token), `Table ${seat.code}'s seat is yours in the season.`) },
        "That was me")))));
  }, (failure) => holder.replaceChildren(h("p", { class: "error" }, sentence(failure.message))));
  return holder;
}

function mergePart(done) {
  const code = h("input", { id: "club-merge-code", type: "text", maxlength: 12, autocomplete: "off",
    autocapitalize: "characters", spellcheck: false, placeholder: "ABCDEF" });
  const button = h("button", { type: "button", id: "club-merge" }, "Merge into me");
  button.addEventListener("click", () => done(() => api.mergeMembers(code.value.trim()),
    "Your other name is read as you from now on: its nights, payments and devices."));
  return h("div", { id: "club-merge-part" },
    h("p", {}, "Another name in the club is you too? On a device signed in as it, open ",
      h("strong", {}, "Sign in another device"), " and type its code here."),
    h("div", { class: "row" }, h("label", { for: "club-merge-code" }, "Code"), code, button));
}

function organiserPart(season, done) {
  const organisers = new Set(season.members.filter((m) => m.organiser).map((m) => m.member_id));
  const others = season.members.filter((m) => !organisers.has(m.member_id))
    .map((m) => [m.member_id, m.name]);
  const log = h("ol", { class: "club-log", id: "club-log" });
  const show = h("button", { type: "button", id: "club-show-log" }, "Show the club's log");
  show.addEventListener("click", async () => {
    try {
      const { log: lines } = await api.clubLog();
      const names = new Map(season.members.map((m) => [m.member_id, m.name]));
      log.replaceChildren(...lines.map((line) => h("li", {},
        `${new Date(line.at * 1000).toLocaleString()}: `,
        `${line.by === null ? "the server's operator" : names.get(line.by) ?? `member ${line.by}`} `,
        `${line.action} `, h("code", {}, JSON.stringify(line.detail)))));
    } catch (failure) {
      log.replaceChildren(h("li", { class: "error" }, sentence(failure.message)));
    }
  });
  const parts = [h("p", { class: "note" }, "You organise the club: you name organisers and ",
    "settle payments its two sides disagree on. Everything you do is in the club's log.")];
  if (others.length) {
    const pick = choices(others, "New organiser", "organiser-new");
    parts.push(h("div", { class: "row", id: "club-new-organiser" }, pick, " organises the club too ",
      h("button", { type: "button", onclick: () => done(() => api.addOrganiser(Number(pick.value)),
        `${pick.selectedOptions[0]?.textContent ?? ""} organises the club too.`) }, "Name")));
  }
  parts.push(h("div", { class: "row" }, show), log);
  return h("div", { id: "club-organise" }, parts);
}
