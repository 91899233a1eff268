// The lobby: create a table with its settings, join one by its code, or watch it.

import * as api from "./api.js";
import { h, sentence, wordsWith } from "./dom.js";
import { has, t } from "./i18n.js";
import { presets } from "./games.js";
import { asNewcomer, keepJoined, memberChoice } from "./identity.js";
import { savedSeat } from "./session.js";
import { readSettings, settingsForm } from "./settings_form.js";
import { saveDirector } from "./tournament_page.js";

const CODE_PATTERN = "[0-9]{4}";

function field(id, label, attributes) {
  return [h("label", { for: id }, label), h("input", { id, ...attributes })];
}

function onSubmit(form, error, action) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    document.body.classList.add("busy");
    try {
      await action();
    } catch (failure) {
      error.textContent = sentence(failure.message);
    } finally {
      button.disabled = false;
      document.body.classList.remove("busy");
    }
  });
}

function goToTable(code) {
  location.hash = code;
}

/** A preset's name (``line``: what its line ``line`` sets) in the page's language; the
 * server's English for a preset the catalogue does not know. */
function presetWords(preset, line = null) {
  const key = `rooms.preset.${preset.key}${line === null ? "" : `.${line}`}`;
  if (has(key)) return t(key);
  return line === null ? preset.name : preset.lines[line].sets;
}

/** "Start from": the room's defaults, or one of the seeds' rooms (the server's presets).
 * Picking one fills the settings form with what it sets and lists the seed's lines it
 * follows; the host may change anything before creating the table, or after. */
function presetPicker(details, onPick) {
  const select = h("select", { id: "create-preset" },
    h("option", { value: "" }, t("rooms.lobby.room_defaults")),
    presets().map((preset) => h("option", { value: preset.key }, presetWords(preset))));
  const lines = h("ul", { class: "note preset-lines", id: "preset-lines", "aria-live": "polite" });
  select.addEventListener("change", () => {
    const preset = presets().find((item) => item.key === select.value) ?? null;
    onPick(preset);
    // The quote is the seed's own words (in English): the page words what it sets.
    lines.replaceChildren(...(preset?.lines ?? []).map((line, index) => h("li", {},
      wordsWith("rooms.lobby.preset_line", { sets: presetWords(preset, index) },
        { quote: h("q", { lang: "en", translate: "no" }, line.quote) }))));
    if (preset) details.open = true; // what it set, in the form, to read and change
  });
  return [h("label", { for: "create-preset" }, t("rooms.lobby.start_from")), select, lines];
}

function createForm() {
  let settings = settingsForm({});
  const error = h("p", { class: "error", role: "alert", id: "create-error" });
  const [label, name] = field("create-name", t("rooms.your_name"), { type: "text", maxlength: 32,
    required: true, autocomplete: "nickname" });
  const choice = memberChoice(name);
  const question = h("div", { class: "question" });
  const details = h("details", { class: "settings" }, h("summary", {}, t("rooms.lobby.game_and_stakes")), settings);
  const picker = presetPicker(details, (preset) => {
    const fresh = settingsForm(preset?.settings ?? {});
    settings.replaceWith(fresh);
    settings = fresh;
  });
  const form = h("form", { class: "card-panel", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, t("rooms.lobby.start_table")),
    label, name, choice.element, ...picker, details,
    h("button", { type: "submit", class: "primary", id: "create-submit" }, t("rooms.lobby.create_table")),
    question, error);
  onSubmit(form, error, async () => {
    const typed = name.value.trim();
    const created = await asNewcomer(question,
      (who) => api.createTable(typed, readSettings(settings), who), choice);
    keepJoined(created.code, created, typed);
    goToTable(created.code);
  });
  return form;
}

function joinForm() {
  const error = h("p", { class: "error", role: "alert", id: "join-error" });
  const [label, name] = field("join-name", t("rooms.your_name"), { type: "text", maxlength: 32,
    required: true, autocomplete: "nickname" });
  const choice = memberChoice(name);
  const question = h("div", { class: "question" });
  const form = h("form", { class: "card-panel", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title" }, t("rooms.lobby.join_table")),
    field("join-code", t("rooms.lobby.table_code"), { type: "text", inputmode: "numeric", pattern: CODE_PATTERN,
      maxlength: 4, required: true, autocomplete: "off", title: t("rooms.lobby.table_code_help") }),
    label, name, choice.element,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "join-submit" }, t("rooms.lobby.join")),
      h("button", { type: "button", id: "watch", onclick: () => watch(form, error) }, t("rooms.lobby.just_watch"))),
    question, error);
  onSubmit(form, error, async () => {
    const code = form.querySelector("#join-code").value.trim();
    const typed = name.value.trim();
    if (savedSeat(code)?.player_id) {
      goToTable(code); // this browser already has a seat there: back to it
      return;
    }
    const joined = await asNewcomer(question,
      (who) => api.joinTable(code, typed, null, who), choice);
    keepJoined(code, joined, typed);
    goToTable(code);
  });
  return form;
}

async function watch(form, error) {
  const code = form.querySelector("#join-code").value.trim();
  try {
    await api.tableInfo(code);
    goToTable(code);
  } catch (failure) {
    error.textContent = sentence(failure.message);
  }
}

/** A tournament: a sit-and-go (it starts when full) or one scheduled at a time, its
 * name, field, pace and buy-in; it opens its own lobby, where players register. This
 * browser keeps the director's token, so its lobby shows the director's tools. */
function tournamentForm() {
  const error = h("p", { class: "error", role: "alert", id: "tournament-error" });
  const pace = h("select", { id: "tournament-structure" },
    h("option", { value: "quick" }, t("rooms.lobby.pace_quick")),
    h("option", { value: "normal", selected: true }, t("rooms.lobby.pace_normal")),
    h("option", { value: "deep" }, t("rooms.lobby.pace_deep")));
  const format = h("select", { id: "tournament-format" },
    h("option", { value: "sit-and-go", selected: true }, t("rooms.lobby.format_sit_and_go")),
    h("option", { value: "scheduled" }, t("rooms.lobby.format_scheduled")));
  // Only a scheduled tournament has a time to start at: the field shows for it alone.
  const startsAt = field("tournament-starts-at", t("rooms.lobby.starts_at"), { type: "datetime-local" });
  const showStart = () => {
    for (const part of startsAt) part.hidden = format.value !== "scheduled";
  };
  format.addEventListener("change", showStart);
  showStart();
  const form = h("form", { class: "card-panel", "aria-labelledby": "tournament-title" },
    h("h2", { id: "tournament-title" }, t("rooms.lobby.start_tournament")),
    field("tournament-name", t("rooms.lobby.tournament_name"), { type: "text", maxlength: 32,
      value: t("rooms.lobby.sit_and_go") }),
    h("label", { for: "tournament-format" }, t("rooms.lobby.format")), format, startsAt,
    field("tournament-entries", t("rooms.lobby.entries"),
      { type: "number", min: 0, max: 1000, value: 9, required: true }),
    field("tournament-buy-in", t("rooms.lobby.buy_in"), { type: "number", min: 0, value: 100, required: true }),
    h("label", { for: "tournament-structure" }, t("rooms.lobby.structure")), pace,
    h("button", { type: "submit", class: "primary", id: "tournament-submit" }, t("rooms.lobby.create")), error);
  onSubmit(form, error, async () => {
    const when = form.querySelector("#tournament-starts-at").value;
    const created = await api.createTournament({
      name: form.querySelector("#tournament-name").value.trim() || t("rooms.lobby.sit_and_go"),
      format: format.value,
      entries: Number(form.querySelector("#tournament-entries").value),
      buy_in: Number(form.querySelector("#tournament-buy-in").value),
      structure: pace.value,
      ...(format.value === "scheduled" && when ? { starts_at: new Date(when).getTime() / 1000 }
        : {}),
    });
    saveDirector(created.id, created.director_token);
    location.hash = `tournament/${created.id}`;
  });
  return form;
}

export function renderLobby(root) {
  root.replaceChildren(h("div", { class: "lobby" },
    // The page's heading for a screen reader's list of headings: the room's name, as in the top bar.
    h("h1", { class: "visually-hidden", translate: "no" }, "pokernight"),
    h("p", { class: "tagline" }, t("rooms.lobby.tagline")),
    h("div", { class: "lobby-forms" }, createForm(), h("div", {}, joinForm(), tournamentForm())),
    h("p", { class: "links club-link" }, h("a", { href: "#club", id: "club-link" },
      t("rooms.lobby.club_link")))));
  document.title = "pokernight";
}
