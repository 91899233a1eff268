// Who is who in the club (issue 30), on the people's own word: a seat this browser played
// as a guest becomes its member's (its seat token is that guest's word), another name in
// the club merges into this one (a claim code from a device signed in as it is that
// name's word), and an organiser names organisers and reads the club's log. Nobody's
// word moves another person's seats, cards or money.

import * as api from "./api.js";
import { h, sentence, wordsWith } from "./dom.js";
import { language, t } from "./i18n.js";
import { savedSeats } from "./session.js";

const day = new Intl.DateTimeFormat(language, { dateStyle: "short" });
const moment = new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "medium" });

function choices(list, label, id) {
  return h("select", { "aria-label": label, id },
    list.map(([value, words]) => h("option", { value }, words)));
}

/** ``reload(words)`` draws the club page anew, this part saying ``words`` (``said``): what
 * was done is said after the page shows it, not wiped by the new page. */
export function whoIsWho(season, reload, said = "") {
  const note = h("p", { class: "note", role: "status", id: "who-is-who-note" }, said);
  const done = async (request, words) => {
    try {
      await request();
      note.textContent = words;
      reload(words);
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
    h("p", { class: "muted" }, t("common.who.no_guest_seats")));
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
      h("p", {}, t("common.who.guest_seats")),
      h("ul", { class: "my-seats" }, seats.map((seat) => h("li", {},
        t("common.who.guest_seat", { name: seat.name, code: seat.code,
          date: day.format(new Date(seat.created_at * 1000)) }), " ",
        h("button", { type: "button", class: "claim-seat", onclick: () => done(
          () => api.claimGuest(seat.token), t("common.who.seat_claimed", { code: seat.code })) },
        t("common.who.that_was_me"))))));
  }, (failure) => holder.replaceChildren(h("p", { class: "error" }, sentence(failure.message))));
  return holder;
}

function mergePart(done) {
  const code = h("input", { id: "club-merge-code", type: "text", maxlength: 12, autocomplete: "off",
    autocapitalize: "characters", spellcheck: false, placeholder: "ABCDEF", translate: "no" });
  const button = h("button", { type: "button", id: "club-merge" }, t("common.who.merge"));
  button.addEventListener("click", () => done(() => api.mergeMembers(code.value.trim()),
    t("common.who.merged")));
  return h("div", { id: "club-merge-part" },
    h("p", {}, wordsWith("common.who.merge_how", {}, {
      where: h("strong", {}, t("common.who.sign_in_another_device")) })),
    h("div", { class: "row" }, h("label", { for: "club-merge-code" }, t("common.code")), code, button));
}

function organiserPart(season, done) {
  const organisers = new Set(season.members.filter((m) => m.organiser).map((m) => m.member_id));
  const others = season.members.filter((m) => !organisers.has(m.member_id))
    .map((m) => [m.member_id, m.name]);
  const log = h("ol", { class: "club-log", id: "club-log" });
  const show = h("button", { type: "button", id: "club-show-log" }, t("common.who.show_log"));
  show.addEventListener("click", async () => {
    try {
      const { log: lines } = await api.clubLog();
      const names = new Map(season.members.map((m) => [m.member_id, m.name]));
      // The action and its detail are the log's own record (data, as the server keeps it).
      log.replaceChildren(...lines.map((line) => h("li", {},
        `${moment.format(new Date(line.at * 1000))}: `,
        line.by === null ? t("common.who.operator")
          : names.get(line.by) ?? t("common.who.member_number", { number: String(line.by) }), " ",
        h("span", { translate: "no" }, line.action), " ",
        h("code", { translate: "no" }, JSON.stringify(line.detail)))));
    } catch (failure) {
      log.replaceChildren(h("li", { class: "error" }, sentence(failure.message)));
    }
  });
  const parts = [h("p", { class: "note" }, t("common.who.you_organise"))];
  if (others.length) {
    const pick = choices(others, t("common.who.new_organiser"), "organiser-new");
    parts.push(h("div", { class: "row", id: "club-new-organiser" },
      wordsWith("common.who.organises_too", {}, { name: pick }), " ",
      h("button", { type: "button", onclick: () => done(() => api.addOrganiser(Number(pick.value)),
        t("common.who.named_organiser", { name: pick.selectedOptions[0]?.textContent ?? "" })) },
      t("common.who.name_button"))));
  }
  parts.push(h("div", { class: "row" }, show), log);
  return h("div", { id: "club-organise" }, parts);
}
