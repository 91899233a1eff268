// The host's word on who is who in the club: a guest seat (tonight's or an earlier
// night's) was a member's, or two members are one person. Shown to a host whose browser
// is signed in as a member (the season's members and guests are the members' to read).

import * as api from "./api.js";
import { h, sentence } from "./dom.js";
import { savedSeat, signedIn } from "./session.js";

function choices(list, label) {
  return h("select", { "aria-label": label }, list.map(([value, words]) => h("option", { value }, words)));
}

export class ClubHostTools {
  constructor(code) {
    this.code = code;
    this.body = h("div", { class: "club-tools" });
    this.note = h("p", { class: "note", role: "status", id: "club-tools-note" });
    this.element = h("details", { class: "club-host", id: "club-host-tools",
      ontoggle: (event) => { if (event.target.open) this.refresh(); } },
    h("summary", {}, "Who is who in the club"), this.body, this.note);
  }

  async refresh() {
    if (!signedIn()) {
      this.body.replaceChildren(h("p", { class: "muted" },
        "Join a table as a member (\u201cRemember me\u201d) to say who is who in the club."));
      return;
    }
    try {
      const season = await api.season();
      this.body.replaceChildren(this.claimPart(season), this.mergePart(season));
    } catch (failure) {
      this.note.textContent = sentence(failure.message);
    }
  }

  claimPart(season) {
    if (!season.guests.length || !season.members.length) {
      return h("p", { class: "muted" }, "Every seat of the club is a member's.");
    }
    const guest = choices(season.guests.map((g) => [g.player_id, `${g.name} (table ${g.code})`]), "Guest");
    const member = choices(season.members.map((m) => [m.member_id, m.name]), "Member");
    const go = () => this.done(api.claimGuest(this.code, this.token(), Number(guest.value),
      Number(member.value)), `That seat is ${member.selectedOptions[0].textContent}'s now.`);
    return h("div", { class: "row", id: "club-claim-guest" }, h("span", {}, "The guest "), guest,
      h("span", {}, " was "), member, h("button", { type: "button", onclick: go }, "Say so"));
  }

  mergePart(season) {
    if (season.members.length < 2) return "";
    const people = season.members.map((m) => [m.member_id, m.name]);
    const other = choices(people, "Member merged");
    const into = choices(people.slice(1).concat(people.slice(0, 1)), "Member kept");
    const go = () => this.done(api.mergeMembers(this.code, this.token(), Number(into.value),
      Number(other.value)), `${other.selectedOptions[0].textContent} is read as `
      + `${into.selectedOptions[0].textContent} from now on.`);
    return h("div", { class: "row", id: "club-merge" }, other, h("span", {}, " is the same person as "),
      into, h("button", { type: "button", onclick: go }, "Merge"));
  }

  token() {
    return savedSeat(this.code)?.token ?? null;
  }

  async done(request, words) {
    try {
      await request;
      this.note.textContent = words;
      await this.refresh();
    } catch (failure) {
      this.note.textContent = sentence(failure.message);
    }
  }
}
