// The lobby: create a table with its settings, join one by its code, or watch it.

import * as api from "./api.js";
import { h, sentence } from "./dom.js";
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

/** "Start from": the room's defaults, or one of the seeds' rooms (the server's presets).
 * Picking one fills the settings form with what it sets and lists the seed's lines it
 * follows; the host may change anything before creating the table, or after. */
function presetPicker(details, onPick) {
  const select = h("select", { id: "create-preset" },
    h("option", { value: "" }, "The room's defaults"),
    presets().map((preset) => h("option", { value: preset.key }, preset.name)));
  const lines = h("ul", { class: "note preset-lines", id: "preset-lines", "aria-live": "polite" });
  select.addEventListener("change", () => {
    const preset = presets().find((item) => item.key === select.value) ?? null;
    onPick(preset);
    lines.replaceChildren(...(preset?.lines ?? []).map((line) => h("li", {},
      h("q", {}, line.quote), `: ${line.sets}`)));
    if (preset) details.open = true; // what it set, in the form, to read and change
  });
  return [h("label", { for: "create-preset" }, "Start from"), select, lines];
}

function createForm() {
  let settings = settingsForm({});
  const error = h("p", { class: "error", role: "alert", id: "create-error" });
  const [label, name] = field("create-name", "Your name", { type: "text", maxlength: 32,
    required: true, autocomplete: "nickname" });
  const choice = memberChoice(name);
  const question = h("div", { class: "question" });
  const details = h("details", { class: "settings" }, h("summary", {}, "Game and stakes"), settings);
  const picker = presetPicker(details, (preset) => {
    const fresh = settingsForm(preset?.settings ?? {});
    settings.replaceWith(fresh);
    settings = fresh;
  });
  const form = h("form", { class: "card-panel", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, "Start a table"),
    label, name, choice.element, ...picker, details,
    h("button", { type: "submit", class: "primary", id: "create-submit" }, "Create the table"),
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
  const [label, name] = field("join-name", "Your name", { type: "text", maxlength: 32,
    required: true, autocomplete: "nickname" });
  const choice = memberChoice(name);
  const question = h("div", { class: "question" });
  const form = h("form", { class: "card-panel", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title" }, "Join a table"),
    field("join-code", "Table code", { type: "text", inputmode: "numeric", pattern: CODE_PATTERN,
      maxlength: 4, required: true, autocomplete: "off", title: "the 4 digits the host shared" }),
    label, name, choice.element,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "join-submit" }, "Join"),
      h("button", { type: "button", id: "watch", onclick: () => watch(form, error) }, "Just watch")),
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
    h("option", { value: "quick" }, "Quick (5-minute levels)"),
    h("option", { value: "normal", selected: true }, "Normal (10-minute levels)"),
    h("option", { value: "deep" }, "Deep (20-minute levels)"));
  const format = h("select", { id: "tournament-format" },
    h("option", { value: "sit-and-go", selected: true }, "Sit and go: starts when full"),
    h("option", { value: "scheduled" }, "Scheduled: starts at a time"));
  // Only a scheduled tournament has a time to start at: the field shows for it alone.
  const startsAt = field("tournament-starts-at", "Starts at", { type: "datetime-local" });
  const showStart = () => {
    for (const part of startsAt) part.hidden = format.value !== "scheduled";
  };
  format.addEventListener("change", showStart);
  showStart();
  const form = h("form", { class: "card-panel", "aria-labelledby": "tournament-title" },
    h("h2", { id: "tournament-title" }, "Start a tournament"),
    field("tournament-name", "Name", { type: "text", maxlength: 32, value: "Sit and go" }),
    h("label", { for: "tournament-format" }, "Format"), format, startsAt,
    field("tournament-entries", "Players (a sit-and-go starts when full; 0: no limit)",
      { type: "number", min: 0, max: 1000, value: 9, required: true }),
    field("tournament-buy-in", "Buy-in", { type: "number", min: 0, value: 100, required: true }),
    h("label", { for: "tournament-structure" }, "Structure"), pace,
    h("button", { type: "submit", class: "primary", id: "tournament-submit" }, "Create"), error);
  onSubmit(form, error, async () => {
    const when = form.querySelector("#tournament-starts-at").value;
    const created = await api.createTournament({
      name: form.querySelector("#tournament-name").value.trim() || "Sit and go",
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
    h("p", { class: "tagline" }, "Poker night with friends: share a 4-digit code, play from any browser."),
    h("div", { class: "lobby-forms" }, createForm(), h("div", {}, joinForm(), tournamentForm())),
    h("p", { class: "links club-link" }, h("a", { href: "#club", id: "club-link" },
      "The club: the season's standings, who owes whom, statistics and every hand"))));
  document.title = "pokernight";
}
