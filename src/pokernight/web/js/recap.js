// The night's recap (decision 69): once the host closes the table, the night in the server's
// own lines and figures, and its image (a PNG the server draws) to paste into the group
// chat. The page works out nothing: it shows what the server says.

import * as api from "./api.js";
import { chips, h, sentence } from "./dom.js";

function signed(amount) {
  return amount > 0 ? `+${chips(amount)}` : chips(amount);
}

function standingsTable(standings) {
  if (!standings.length) return null;
  return h("table", { class: "recap-standings", id: "recap-standings" },
    h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Net"),
      h("th", { title: "had every all-in gone by the equity" }, "Expected"))),
    h("tbody", {}, standings.map((row) => h("tr", { dataset: { player: row.player_id } },
      h("th", { scope: "row" }, row.bot ? `${row.name} (bot)` : row.name),
      h("td", { class: row.net < 0 ? "loss" : row.net > 0 ? "gain" : "" }, signed(row.net)),
      h("td", {}, signed(row.expected))))));
}

/** Copies the image to the clipboard where the browser allows it (a secure page), else
 * says to use the download link or a long press on the image. */
async function copyImage(url, note) {
  try {
    const blob = await (await fetch(url)).blob();
    await navigator.clipboard.write([new ClipboardItem({ [blob.type]: blob })]);
    note.textContent = "Copied: paste it into the group chat.";
  } catch {
    note.textContent = "This browser will not copy images: download it, or long-press it.";
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
      this.element.replaceChildren(h("h2", { id: "recap-title" }, "The night's recap"),
        h("p", { class: "error", role: "alert" }, sentence(error.message)));
    }
  }

  render(recap) {
    const url = api.recapImageUrl(this.code);
    const note = h("p", { class: "note", role: "status", id: "recap-copy-note" });
    const [lead, ...lines] = recap.lines;
    this.element.replaceChildren(
      h("h2", { id: "recap-title" }, "The night's recap"),
      h("p", { class: "recap-lead", id: "recap-lead" }, lead),
      h("ul", { class: "recap-lines", id: "recap-lines" }, lines.map((line) => h("li", {}, line))),
      standingsTable(recap.standings),
      h("img", { class: "recap-image", id: "recap-image", src: url,
        alt: `The night's recap as an image: ${recap.lines.join(" ")}` }),
      h("p", { class: "recap-actions" },
        h("button", { type: "button", id: "recap-copy", onclick: () => copyImage(url, note) },
          "Copy the image"), " ",
        h("a", { href: url, download: `pokernight-${this.code}-recap.png`, id: "recap-download" },
          "Download the image")),
      note);
    this.element.hidden = false;
  }
}
