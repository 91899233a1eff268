// The host's say over seats: seat and rebuy requests to approve or decline, sitting a player
// out, and bots (added to an empty seat at a chosen level, sat back in, removed between hands).

import { botBadge, botOf } from "./bot_badge.js";
import { chips, h, replaceKeepingFocus, sentence } from "./dom.js";

export const BOT_LEVELS = ["easy", "medium", "hard"];

export class HostSeats {
  constructor(send) {
    this.send = send;
    this.requests = h("ul", { id: "host-requests", "aria-label": "Seat requests" });
    this.rebuys = h("ul", { id: "host-rebuys", "aria-label": "Rebuy requests" });
    this.players = h("ul", { id: "host-players", "aria-label": "Seated players" });
    this.botSeat = h("select", { id: "bot-seat", "aria-label": "Seat for the bot" });
    this.botLevel = h("select", { id: "bot-level", "aria-label": "Bot level" },
      BOT_LEVELS.map((level) => h("option", { value: level, selected: level === "medium" }, level)));
    this.error = h("p", { class: "error", role: "alert", id: "host-seats-error" });
    this.element = h("div", { class: "host-seats" },
      h("h3", {}, "Seat requests"), this.requests,
      h("h3", {}, "Rebuy requests"), this.rebuys,
      h("h3", {}, "Players and bots"), this.players,
      h("div", { class: "row" },
        h("label", {}, "Add a bot in ", this.botSeat), h("label", {}, "level ", this.botLevel),
        h("button", { id: "add-bot", type: "button", onclick: () => this.addBot() }, "Add bot")),
      this.error);
  }

  render(state) {
    const asked = [...state.seatRequests.values()];
    replaceKeepingFocus(this.requests, asked.length ? asked.map((request) => h("li", { class: "request" },
      h("span", { class: "who" }, botBadge(botOf(request)),
        `${request.name} asks for seat ${request.seat + 1} with ${chips(request.buy_in)} chips`),
      this.button(`approve-${request.player_id}`, `Approve ${request.name}`, "Approve",
        { type: "approve_seat", player_id: request.player_id }),
      this.button(`decline-${request.player_id}`, `Decline ${request.name}`, "Decline",
        { type: "decline_seat", player_id: request.player_id })))
      : h("li", { class: "muted" }, "Nobody is waiting for a seat."));
    const rebuys = [...state.rebuyRequests.values()];
    replaceKeepingFocus(this.rebuys, rebuys.length ? rebuys.map((request) => {
      const name = state.seats.get(request.seat)?.name ?? `seat ${request.seat + 1}`;
      return h("li", { class: "request" },
        h("span", { class: "who" }, `${name} asks to add ${chips(request.amount)} chips`),
        this.button(`approve-rebuy-${request.player_id}`, `Let ${name} add chips`, "Approve",
          { type: "approve_rebuy", player_id: request.player_id }),
        this.button(`decline-rebuy-${request.player_id}`, `Decline ${name}'s rebuy`, "Decline",
          { type: "decline_rebuy", player_id: request.player_id }));
    }) : h("li", { class: "muted" }, "Nobody is waiting to add chips."));
    const others = [...state.seats.values()].filter((seat) => seat.player_id !== state.playerId);
    replaceKeepingFocus(this.players, others.length ? others.map((seat) => this.seatRow(seat))
      : h("li", { class: "muted" }, "Nobody else is seated."));
    const seatCount = state.upcoming.seats ?? state.settings.seats ?? 6;
    const chosen = this.botSeat.value;
    const empty = [...Array(seatCount).keys()].filter((number) => !state.seats.has(number));
    this.botSeat.replaceChildren(...empty.map((number) => h("option",
      { value: number, selected: String(number) === chosen }, `seat ${number + 1}`)));
  }

  seatRow(seat) {
    const who = h("span", { class: "who" }, botBadge(botOf(seat)), seat.name,
      seat.sitting_out ? h("span", { class: "muted" }, " (sitting out)") : null);
    if (seat.bot) {
      return h("li", {}, who,
        seat.sitting_out ? this.button(`sit-in-bot-${seat.seat}`, `Sit ${seat.name} back in`,
          "Sit in", { type: "sit_bot_in", seat: seat.seat }) : null,
        this.button(`remove-bot-${seat.seat}`, `Remove ${seat.name}`,
          "Remove bot", { type: "remove_bot", seat: seat.seat }));
    }
    return h("li", {}, who, seat.sitting_out ? null : this.button(`sit-out-${seat.player_id}`,
      `Sit ${seat.name} out`, "Sit out", { type: "sit_player_out", player_id: seat.player_id }));
  }

  button(key, label, text, intent) {
    return h("button", { type: "button", dataset: { key }, "aria-label": label,
      onclick: () => this.request(intent) }, text);
  }

  addBot() {
    if (this.botSeat.value === "") {
      this.error.textContent = "There is no empty seat for a bot.";
      return;
    }
    this.request({ type: "add_bot", seat: Number(this.botSeat.value), level: this.botLevel.value });
  }

  async request(intent) {
    try {
      await this.send(intent);
      this.error.textContent = "";
    } catch (error) {
      this.error.textContent = sentence(error.message);
    }
  }
}
