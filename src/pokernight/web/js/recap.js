// The night's recap (decision 69): once the host closes the table, the night in lines and
// figures, and its image (a PNG the server draws in the page's language) for the group chat.
// The page works out nothing: it words the server's figures in the page's language, as the
// server's own lines (``history/recap.py``) word them in English.

import * as api from "./api.js";
import { chips, h, sentence } from "./dom.js";
import { gameName, gameOf } from "./games.js";
import { language, t } from "./i18n.js";

// British English lists ("A, B and C"), as the room writes them.
const LISTS = new Intl.ListFormat(language === "en" ? "en-GB" : language, { type: "conjunction" });

function signed(amount) {
  return amount > 0 ? `+${chips(amount)}` : chips(amount);
}

function listed(items) {
  return LISTS.format(items);
}

/** The recap's figures as sentences, in the order of the server's lines. */
export function recapLines(recap) {
  const code = String(recap.code);
  if (!recap.hands) return [t("rooms.recap.no_hand", { code })];
  const games = (recap.variants ?? []).map((key, index) =>
    (gameOf(key) ? gameName(key) : recap.games[index]));
  const lines = [t("rooms.recap.night", { code, hands: t("rooms.recap.hands", { count: recap.hands }),
    games: listed(games.length ? games : recap.games) })];
  const pot = recap.biggest_pot;
  if (pot) {
    lines.push(t("rooms.recap.biggest_pot", { pot: chips(pot.pot), number: pot.hand_number,
      winners: listed(pot.winners) }));
  }
  const allIns = (luck) => t("rooms.recap.all_ins", { count: luck.all_ins });
  if (recap.hottest) {
    lines.push(t("rooms.recap.hottest", { name: recap.hottest.name, chips: chips(recap.hottest.luck),
      all_ins: allIns(recap.hottest) }));
  }
  if (recap.coldest) {
    lines.push(t("rooms.recap.coldest", { name: recap.coldest.name, chips: chips(-recap.coldest.luck),
      all_ins: allIns(recap.coldest) }));
  }
  if (!recap.hottest && !recap.coldest) lines.push(t("rooms.recap.no_luck"));
  const most = recap.most_won;
  if (most) {
    lines.push(t("rooms.recap.most_won", { names: listed(most.names), hands: most.hands,
      of: most.of }));
  }
  for (const bounty of recap.bounties) {
    lines.push(t("rooms.recap.bounty", { name: bounty.name, chips: chips(bounty.chips),
      times: t("rooms.recap.times", { count: bounty.count }) }));
  }
  if (recap.settle_up.length) {
    lines.push(...recap.settle_up.map((item) => t("rooms.recap.pays", { payer: item.payer,
      payee: item.payee, amount: chips(item.amount) })));
  } else if (recap.standings.some((row) => !row.bot)) {
    lines.push(t("rooms.recap.nobody_owes"));
  }
  return lines;
}

function standingsTable(standings) {
  if (!standings.length) return null;
  return h("table", { class: "recap-standings", id: "recap-standings" },
    h("thead", {}, h("tr", {}, h("th", {}, t("rooms.recap.player")), h("th", {}, t("rooms.recap.net")),
      h("th", { title: t("rooms.recap.expected_help") }, t("rooms.recap.expected")))),
    h("tbody", {}, standings.map((row) => h("tr", { dataset: { player: row.player_id } },
      h("th", { scope: "row" }, h("span", { translate: "no" }, row.name),
        row.bot ? [" ", t("rooms.recap.bot_mark")] : ""),
      h("td", { class: row.net < 0 ? "loss" : row.net > 0 ? "gain" : "" }, signed(row.net)),
      h("td", {}, signed(row.expected))))));
}

/** Copies the image to the clipboard where the browser allows it (a secure page), else
 * says to use the download link or a long press on the image. */
async function copyImage(url, note) {
  try {
    const blob = await (await fetch(url)).blob();
    await navigator.clipboard.write([new ClipboardItem({ [blob.type]: blob })]);
    note.textContent = t("rooms.recap.copied");
  } catch {
    note.textContent = t("rooms.recap.cannot_copy");
  }
}

export class RecapPanel {
  constructor(code) {
    this.code = code;
    this.asked = false;
    this.element = h("section", { class: "panel recap", id: "recap", "aria-labelledby": "recap-title",
      hidden: true });
  }

  /** Once the table is closed: the recap is read once (again only if that failed). */
  async show() {
    if (this.asked) return;
    this.asked = true;
    try {
      this.render(await api.recap(this.code));
    } catch (error) {
      this.asked = false;
      this.element.hidden = false;
      this.element.replaceChildren(h("h2", { id: "recap-title" }, t("rooms.recap.title")),
        h("p", { class: "error", role: "alert" }, sentence(error.message)));
    }
  }

  render(recap) {
    const url = api.recapImageUrl(this.code);
    const note = h("p", { class: "note", role: "status", id: "recap-copy-note" });
    const all = recapLines(recap);
    const [lead, ...lines] = all;
    this.element.replaceChildren(
      h("h2", { id: "recap-title" }, t("rooms.recap.title")),
      h("p", { class: "recap-lead", id: "recap-lead" }, lead),
      h("ul", { class: "recap-lines", id: "recap-lines" }, lines.map((line) => h("li", {}, line))),
      standingsTable(recap.standings),
      h("img", { class: "recap-image", id: "recap-image", src: url,
        alt: t("rooms.recap.image_alt", { lines: all.join(" ") }) }),
      h("p", { class: "recap-actions" },
        h("button", { type: "button", id: "recap-copy", onclick: () => copyImage(url, note) },
          t("rooms.recap.copy")), " ",
        h("a", { href: url, download: `pokernight-${this.code}-recap.png`, id: "recap-download" },
          t("rooms.recap.download"))),
      note);
    this.element.hidden = false;
  }
}
