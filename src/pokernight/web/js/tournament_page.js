// A tournament in the browser (decision 36): its lobby (every table, its players and
// stacks, the next level, and registering), its clock for a TV, and a player's table,
// which follows the player when the director moves them: the tournament's socket names
// the table they sit at now, and the page opens it in place, without a reload.
// Everything shown is the server's facts; the page only counts the level's time down
// between two messages.

import * as api from "./api.js";
import { chips, h, sentence, wordsWith } from "./dom.js";
import { gameName } from "./games.js";
import { language, t } from "./i18n.js";
import { dateWords } from "./dates.js";
import { refusalWords } from "./refusal.js";
import { TablePage } from "./table_page.js";

const RETRY_MS = 1000;
const SECOND_MS = 1000;

const entrantKey = (id) => `pokernight.entrant.${id}`;
const directorKey = (id) => `pokernight.director.${id}`;

/** The director's token of tournament ``id``, kept by the browser that created it. */
export function saveDirector(id, token) {
  localStorage.setItem(directorKey(id), token);
}

function savedDirector(id) {
  return localStorage.getItem(directorKey(id));
}

function savedEntrant(id) {
  try {
    return JSON.parse(localStorage.getItem(entrantKey(id)));
  } catch {
    return null;
  }
}

/** The tournament's facts as they change: ``onFacts(facts)`` after each message. */
class TournamentFeed {
  constructor(id, token, onFacts, onError) {
    this.id = id;
    this.token = token;
    this.onFacts = onFacts;
    this.onError = onError;
    this.closed = false;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(`${scheme}${location.host}/ws/tournament/${this.id}`);
    this.socket = socket;
    socket.onopen = () => {
      const hello = { type: "hello", protocol: 1 };
      if (this.token) hello.token = this.token;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (frame) => {
      const message = JSON.parse(frame.data);
      if (message.type === "error") this.onError(refusalWords(message));
      else this.onFacts(message);
    };
    socket.onclose = (event) => {
      if (this.closed || event.code === 4404 || event.code === 4400) return;
      setTimeout(() => this.open(), RETRY_MS);
    };
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}

/** "25/50", with the ante or the big blind's ante when there is one. */
export function blindsWords(stakes) {
  if (!stakes) return "";
  const blinds = stakes.small_blind ? `${chips(stakes.small_blind)}/${chips(stakes.big_blind)}`
    : t("rooms.tournament.bring_in", { amount: chips(stakes.bring_in ?? 0) });
  if (stakes.big_blind_ante) {
    return `${blinds} \u00b7 ${t("rooms.tournament.bb_ante", { amount: chips(stakes.big_blind_ante) })}`;
  }
  if (stakes.ante) return `${blinds} \u00b7 ${t("rooms.tournament.ante", { amount: chips(stakes.ante) })}`;
  return blinds;
}

function timeWords(seconds) {
  if (seconds === null || seconds === undefined) return "\u2014";
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The time left in the level, counted down from the last message's. */
class Countdown {
  constructor() {
    this.element = h("span", { class: "time-left" });
    this.timer = setInterval(() => this.show(), SECOND_MS / 4);
  }

  set(seconds) {
    this.seconds = seconds;
    this.at = Date.now();
    this.show();
  }

  show() {
    const gone = (Date.now() - (this.at ?? Date.now())) / SECOND_MS;
    this.element.textContent = timeWords(this.seconds === null ? null : this.seconds - gone);
  }

  stop() {
    clearInterval(this.timer);
  }
}

function levelWords(clock) {
  return t(clock.on_break ? "rooms.tournament.break_after" : "rooms.tournament.level",
    { level: clock.level });
}

function nextWords(clock) {
  if (clock.break_next && !clock.on_break) return t("rooms.tournament.next_break");
  return clock.next_level ? t("rooms.tournament.next", { blinds: blindsWords(clock.next_stakes) })
    : t("rooms.tournament.last_level");
}

function payoutList(facts) {
  if (!facts.payouts.length) return h("p", { class: "muted" }, t("rooms.tournament.payouts_later"));
  return h("ol", { class: "payouts" }, facts.payouts.map((prize) => h("li", {}, chips(prize))));
}

/** The clock's facts in a few lines: for the table page and the lobby. */
function clockStrip(facts, countdown) {
  const clock = facts.clock;
  countdown.set(clock.seconds_left);
  return h("div", { class: "tournament-strip", id: "tournament-strip" },
    h("strong", {}, levelWords(clock)), countdown.element,
    h("span", {}, t("rooms.tournament.blinds", { blinds: blindsWords(clock.stakes) })),
    h("span", { class: "muted" }, nextWords(clock)),
    h("span", {}, t("rooms.tournament.left", { left: facts.players_left, entries: facts.entries })),
    h("span", {}, t("rooms.tournament.average", { amount: chips(facts.average_stack) })),
    h("span", {}, t("rooms.tournament.prize_pool_of", { amount: chips(facts.prize_pool) })),
    facts.hand_for_hand ? h("strong", { class: "hand-for-hand" }, t("rooms.tournament.hand_for_hand"))
      : null);
}

/** The tournament's lobby: registering, then every table with its players and stacks. */
export class TournamentLobby {
  constructor(root, id, banner) {
    this.root = root;
    this.id = id;
    this.banner = banner;
    this.countdown = new Countdown();
    this.body = h("div", { class: "tournament-lobby" });
    root.replaceChildren(this.body);
    // The director's page, or an entrant's, is told what that person may do (``you``).
    this.token = savedDirector(id) ?? savedEntrant(id)?.token ?? null;
    this.feed = new TournamentFeed(id, this.token, (facts) => this.render(facts),
      (reason) => this.fail(reason));
  }

  close() {
    this.feed.close();
    this.countdown.stop();
  }

  fail(reason) {
    this.banner.textContent = sentence(reason);
    this.banner.className = "banner error";
    this.banner.hidden = false;
  }

  render(facts) {
    document.title = `pokernight \u00b7 ${facts.name}`;
    const entrant = savedEntrant(this.id);
    // An entrant who waited here for the start goes to their table as it starts (issue 31);
    // one who opens the lobby later stays on it.
    if (entrant && this.sawRegistering && facts.status === "running") {
      location.hash = `tournament/${this.id}/play`;
      return;
    }
    this.sawRegistering = facts.status === "registering";
    const links = h("p", { class: "links" },
      h("a", { href: `#tournament/${this.id}/clock`, id: "clock-link" }, t("rooms.tournament.clock_view")),
      entrant ? [" \u00b7 ", h("a", { href: `#tournament/${this.id}/play`, id: "play-link" },
        t("rooms.tournament.your_table"))] : null);
    const registering = facts.status === "registering";
    // Through h(): the DOM's own replaceChildren would write a null out as "null".
    this.body.replaceChildren(h("div", {},
      h("h1", { translate: "no" }, facts.name),
      facts.status === "finished" ? h("p", { class: "note", id: "tournament-over" },
        t("rooms.tournament.over"))
        : registering ? this.registration(facts, entrant) : clockStrip(facts, this.countdown),
      links,
      facts.you?.director && facts.status !== "finished" ? this.directorPanel(facts) : null,
      facts.you?.registered ? entrantActions(this.id, this.token, facts) : null,
      h("div", { class: "tournament-tables" }, facts.tables.map((table) => tableCard(table))),
      facts.places.length ? results(facts) : null,
      h("section", { class: "panel" }, h("h2", {}, t("rooms.tournament.payouts")),
        payoutList(facts))));
  }

  /** The director's own tools: start a scheduled tournament, and the deal calculator. */
  directorPanel(facts) {
    const can = facts.you.can;
    const error = h("p", { class: "error", role: "alert" });
    const start = can.start ? h("button", { type: "button", class: "primary",
      id: "start-tournament", onclick: () => attempt(error,
        () => api.startTournament(this.id, this.token)) }, t("rooms.tournament.start_now")) : null;
    const deal = h("div", { id: "deal-calculator" });
    if (can.record_deal) this.showDeal(deal, error);
    return h("section", { class: "panel", id: "director-panel" },
      h("h2", {}, t("rooms.tournament.director")),
      start ?? (can.record_deal ? null : h("p", { class: "muted" }, directorWords(facts))),
      deal, error);
  }

  async showDeal(root, error) {
    const offer = await api.dealOptions(this.id).catch(() => null);
    if (!offer?.open) return;
    const record = (kind) => attempt(error, () => api.recordDeal(this.id, this.token,
      Object.fromEntries(offer.players.map((player) => [player.player_id, player[kind]]))));
    root.replaceChildren(h("h3", {}, t("rooms.tournament.a_deal")),
      h("p", { class: "muted" }, t("rooms.tournament.prizes_left",
        { prizes: offer.prizes_left.map(chips).join(", ") })),
      h("table", { class: "stacks deal" },
        h("thead", {}, h("tr", {}, ["player", "stack", "icm", "chip_chop"].map((key) =>
          h("th", {}, t(`rooms.tournament.column.${key}`))))),
        h("tbody", {}, offer.players.map((player) => h("tr", {},
          h("td", { translate: "no" }, player.name), h("td", { class: "amount" }, chips(player.stack)),
          h("td", { class: "amount" }, chips(player.icm)),
          h("td", { class: "amount" }, chips(player.chip_chop)))))),
      h("div", { class: "row" },
        h("button", { type: "button", id: "deal-icm", onclick: () => record("icm") },
          t("rooms.tournament.record_icm")),
        h("button", { type: "button", id: "deal-chop", onclick: () => record("chip_chop") },
          t("rooms.tournament.record_chop"))));
  }

  registration(facts, entrant) {
    const names = h("p", { class: "muted" }, facts.registered.length
      ? wordsWith("rooms.tournament.registered", {}, {
        names: h("span", { translate: "no" }, facts.registered.join(", ")) })
      : t("rooms.tournament.nobody_registered"));
    const waiting = h("p", { id: "seats-to-fill" }, waitingWords(facts));
    const error = h("p", { class: "error", role: "alert" });
    // A bot is the director's to add (its token): only the director's page offers it.
    const addBot = facts.you?.can?.add_bot ? h("button", { type: "button", id: "add-bot",
      onclick: async () => {
        try {
          await api.registerEntrant(this.id, `Bot ${facts.entries + 1}`, "easy", this.token);
        } catch (failure) {
          error.textContent = sentence(failure.message);
        }
      } }, t("rooms.tournament.add_bot")) : null;
    if (entrant) return h("div", { class: "panel" }, waiting, names, addBot, error);
    const name = h("input", { id: "entrant-name", type: "text", maxlength: 32, required: true,
      autocomplete: "nickname" });
    const form = h("form", { class: "card-panel", id: "register-form" },
      h("h2", {}, t("rooms.tournament.register")),
      h("label", { for: "entrant-name" }, t("rooms.your_name")), name,
      h("div", { class: "row" },
        h("button", { type: "submit", class: "primary" }, t("rooms.tournament.register")),
        addBot), error);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const entrant = await api.registerEntrant(this.id, name.value);
        localStorage.setItem(entrantKey(this.id), JSON.stringify(entrant));
        // Registered, the page stays here: the director may still add bots, everybody sees
        // the field fill; it goes to the table when the tournament starts.
        this.token ??= entrant.token;
        this.feed.close();
        this.feed = new TournamentFeed(this.id, this.token, (facts) => this.render(facts),
          (reason) => this.fail(reason));
      } catch (failure) {
        error.textContent = sentence(failure.message);
      }
    });
    return h("div", {}, waiting, names, form);
  }
}

/** ``work()``, its refusal's reason shown in ``error`` (the facts come by the socket). */
async function attempt(error, work) {
  try {
    error.textContent = "";
    await work();
  } catch (failure) {
    error.textContent = sentence(failure.message);
  }
}

/** What the director's panel says while it has no tool to offer. */
function directorWords(facts) {
  if (facts.status === "registering") {
    return facts.format === "scheduled"
      ? t("rooms.tournament.start_early", { count: facts.minimum_entries })
      : t("rooms.tournament.sit_and_go_starts");
  }
  return t("rooms.tournament.deal_later");
}

/** What a tournament that has not started waits for. */
function waitingWords(facts) {
  if (facts.format !== "scheduled") {
    return t("rooms.tournament.more_to_start", { count: facts.seats_to_fill, entries: facts.entries });
  }
  const when = dateWords(facts.starts_at, { year: "numeric", month: "numeric", day: "numeric",
    hour: "numeric", minute: "numeric", second: "numeric" });
  return t("rooms.tournament.starts_by_itself", { when, entries: facts.entries,
    minimum: facts.minimum_entries });
}

/** What the entrant may do now, as the rules say (``you.can``): leave before the start,
 * rebuy, take the add-on. */
function entrantActions(id, token, facts) {
  const { can, rebuys: made } = facts.you;
  const error = h("p", { class: "error", role: "alert" });
  const button = (key, label, work) => (can[key] ? h("button", { type: "button",
    id: `tournament-${key.replace("_", "-")}`, onclick: () => attempt(error, work) }, label)
    : null);
  const offers = [
    button("unregister", t("rooms.tournament.unregister"), async () => {
      await api.unregisterEntrant(id, token);
      localStorage.removeItem(entrantKey(id));
      location.reload();
    }),
    facts.rebuys ? button("rebuy", t("rooms.tournament.rebuy", { chips: chips(facts.rebuys.chips),
      price: chips(facts.rebuys.price) }), () => api.rebuy(id, token)) : null,
    facts.add_on ? button("add_on", t("rooms.tournament.add_on", { chips: chips(facts.add_on.chips),
      price: chips(facts.add_on.price) }), () => api.addOn(id, token)) : null,
  ].filter(Boolean);
  if (!offers.length && !made) return null;
  return h("div", { class: "row entrant-actions", id: "entrant-actions" }, offers,
    made ? h("span", { class: "muted" }, t("rooms.tournament.rebuys", { count: made })) : null, error);
}

function tableCard(table) {
  return h("section", { class: "panel tournament-table", dataset: { table: table.number } },
    h("h2", {}, t("rooms.tournament.table", { number: table.number }), table.code
      ? h("span", { class: "muted" }, ` \u00b7 ${table.code}`) : null),
    h("table", { class: "stacks" }, h("tbody", {}, table.players.map((player) => h("tr", {},
      h("td", {}, t("rooms.tournament.seat", { number: player.seat + 1 })),
      h("td", {}, h("span", { translate: "no" }, player.name),
        player.bot ? h("span", { class: "muted" }, " ", t("rooms.tournament.bot_mark")) : null,
        player.bounty ? h("span", { class: "bounty" }, " \u00b7 ",
          t("rooms.tournament.bounty", { amount: chips(player.bounty) })) : null),
      h("td", { class: "amount" }, chips(player.stack)))))));
}

function results(facts) {
  return h("section", { class: "panel" }, h("h2", {}, t("rooms.tournament.places")),
    h("ol", { class: "places" }, facts.places.map((place) => h("li", { value: place.place },
      h("span", { translate: "no" }, place.name), place.prize ? ` \u00b7 ${chips(place.prize)}` : ""))));
}

/** The clock for a TV: the level, the time left and the blinds in big type. */
export class TournamentClock {
  constructor(root, id, banner) {
    this.id = id;
    this.banner = banner;
    this.countdown = new Countdown();
    this.body = h("div", { class: "tournament-clock", id: "tournament-clock" });
    root.replaceChildren(this.body);
    this.feed = new TournamentFeed(id, null, (facts) => this.render(facts), () => {});
  }

  close() {
    this.feed.close();
    this.countdown.stop();
  }

  render(facts) {
    const clock = facts.clock;
    this.countdown.set(clock.seconds_left);
    document.title = t("rooms.tournament.clock_title", { name: facts.name });
    const fact = (label, value) => h("div", { class: "clock-fact" },
      h("span", { class: "clock-label" }, label), h("span", { class: "clock-value" }, value));
    this.body.replaceChildren(
      h("h1", { class: "clock-name" }, h("span", { translate: "no" }, facts.name),
        ` \u00b7 ${gameName(clock.game)}`),
      h("p", { class: "clock-level" }, levelWords(clock)),
      h("p", { class: "clock-time" }, this.countdown.element),
      h("p", { class: "clock-blinds" }, blindsWords(clock.stakes)),
      h("p", { class: "clock-next" }, nextWords(clock)),
      h("div", { class: "clock-facts" },
        fact(t("rooms.tournament.players"), `${chips(facts.players_left)} / ${chips(facts.entries)}`),
        fact(t("rooms.tournament.average_stack"), chips(facts.average_stack)),
        fact(t("rooms.tournament.prize_pool"), chips(facts.prize_pool)),
        fact(t("rooms.tournament.paid"), facts.payouts.map((prize, place) => `${place + 1}. ${chips(prize)}`)
          .join("  "))));
  }
}

/** A player's own table: the tournament's facts above it, and the table they sit at now. */
export class TournamentTable {
  constructor(root, id, banner) {
    this.id = id;
    this.banner = banner;
    this.entrant = savedEntrant(id);
    this.countdown = new Countdown();
    this.strip = h("div", { class: "tournament-head" });
    this.where = h("p", { class: "note", id: "tournament-where", role: "status" });
    this.tableRoot = h("div", { class: "tournament-play" });
    root.replaceChildren(h("div", {}, this.strip, this.where, this.tableRoot));
    this.code = null;
    this.table = null;
    if (!this.entrant) {
      location.hash = `tournament/${id}`;
      return;
    }
    this.feed = new TournamentFeed(id, this.entrant.token, (facts) => this.render(facts),
      (reason) => this.where.replaceChildren(sentence(reason)));
  }

  close() {
    this.feed?.close();
    this.table?.close();
    this.countdown.stop();
  }

  render(facts) {
    const you = facts.you ?? {};
    // Through h(): the DOM's own replaceChildren would write a null out as "null".
    this.strip.replaceChildren(h("div", {},
      h("p", {}, h("a", { href: `#tournament/${this.id}`, translate: "no" }, facts.name),
        " \u00b7 ", h("a", { href: `#tournament/${this.id}/clock` }, t("rooms.tournament.clock"))),
      facts.status === "registering" ? h("p", {}, waitingWords(facts))
        : clockStrip(facts, this.countdown),
      you.registered ? entrantActions(this.id, this.entrant.token, facts) : null));
    if (you.code && you.code !== this.code) this.sitAt(you);
    if (you.place) {
      this.where.textContent = you.prize
        ? t("rooms.tournament.finished_won", { place: ordinal(you.place), amount: chips(you.prize) })
        : t("rooms.tournament.finished", { place: ordinal(you.place) });
    } else if (you.code) {
      const here = t("rooms.tournament.you_play_at", { table: you.table, code: String(you.code) });
      this.where.textContent = this.movedFrom
        ? `${here} ${t("rooms.tournament.moved_from", { table: this.movedFrom })}` : here;
    } else {
      this.where.textContent = t("rooms.tournament.waiting_start");
    }
  }

  /** The director moved the player (or the tournament began): their new table, in place. */
  sitAt(you) {
    if (this.code !== null) this.movedFrom = this.number;
    this.table?.close();
    this.code = you.code;
    this.number = you.table;
    const seat = { player_id: this.entrant.player_id, token: this.entrant.token };
    this.table = new TablePage(this.tableRoot, you.code, this.banner, null, seat, true);
    document.body.dataset.tournamentTable = you.code;
  }
}

const ordinals = new Intl.PluralRules(language, { type: "ordinal" });

/** "1st", "1.º", "1.": a place as the page's language writes it. */
function ordinal(place) {
  return t(`rooms.tournament.ordinal.${ordinals.select(place)}`, { place });
}
