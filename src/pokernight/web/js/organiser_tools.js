// The organisers' word on who is who in the club (decision 35): a guest seat of any night
// was a member's, two members are one person, another member organises too. The server
// refuses all three to anybody but an organiser; this part is shown to organisers alone.

import * as api from "./api.js";
import { h, sentence } from "./dom.js";

function choices(list, label, id) {
  return h("select", { "aria-label": label, id },
    list.map(([value, words]) => h("option", { value }, words)));
}

export function organiserTools(season, reload) {
  const note = h("p", { class: "note", role: "status", id: "organiser-note" });
  const done = async (request, words) => {
    try {
      await request();
      note.textContent = words;
      reload();
    } catch (failure) {
      note.textContent = sentence(failure.message);
    }
  };
  const members = season.members.map((m) => [m.member_id, m.name]);
  const named = (select) => select.selectedOptions[0]?.textContent ?? "";
  const parts = [];
  if (season.guests.length && members.length) {
    const guest = choices(season.guests.map((g) => [g.player_id, `${g.name} (table ${g.code})`]),
      "Guest", "organiser-guest");
    const member = choices(members, "Member", "organiser-guest-member");
    parts.push(h("div", { class: "row", id: "club-claim-guest" }, "The guest ", guest, " was ", member,
      h("button", { type: "button", onclick: () => done(
        () => api.claimGuest(Number(guest.value), Number(member.value)),
        `That seat is ${named(member)}'s now.`) }, "Say so")));
  }
  if (members.length > 1) {
    const other = choices(members, "Member merged", "organiser-merge-other");
    const into = choices(members.slice(1).concat(members.slice(0, 1)), "Member kept", "organiser-merge-into");
    parts.push(h("div", { class: "row", id: "club-merge" }, other, " is the same person as ", into,
      h("button", { type: "button", onclick: () => done(
        () => api.mergeMembers(Number(into.value), Number(other.value)),
        `${named(other)} is read as ${named(into)} from now on.`) }, "Merge")));
    const organisers = new Set(season.members.filter((m) => m.organiser).map((m) => m.member_id));
    const others = members.filter(([id]) => !organisers.has(id));
    if (others.length) {
      const pick = choices(others, "New organiser", "organiser-new");
      parts.push(h("div", { class: "row", id: "club-new-organiser" }, pick, " organises the club too ",
        h("button", { type: "button", onclick: () => done(
          () => api.addOrganiser(Number(pick.value)), `${named(pick)} organises the club too.`) },
        "Name")));
    }
  }
  if (!parts.length) parts.push(h("p", { class: "muted" }, "Every seat of the club is a member's."));
  return [h("p", { class: "note" }, "Only organisers see this: what you say here moves seats, ",
    "and their money, from one person to another."), ...parts, note];
}
