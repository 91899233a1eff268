// Your turn, wherever you are (issue 37, item 3; decision 68): a sound, the page's title
// and icon, a vibration on a phone, a system notification when the page is hidden (or the
// installed app is in the background), and a quiet warning before the clock acts. Each is
// switched on or off on this device (localStorage), in the topbar's Alerts panel.
//
// The page tells nothing it works out itself: it is your turn when the server sent this
// seat its legal actions (``state.legal``), and the time left is the server's deadline
// (the seat clock's ``left``). Every alert given is also a ``pokernight:alert`` event on
// ``window`` and a count in ``window.pokernightAlerts`` (what the browser tests read).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { preference, setPreference } from "./session.js";
import { play, setSound, soundOn, told } from "./sound.js";

const NORMAL_ICON = "/icons/icon.svg";
const TURN_ICON = "/icons/turn.svg";
const TAG = "pokernight-turn";

/** The switches, in the panel's order: key, label, what it does. */
export const ALERTS = ["sound", "title", "vibrate", "notify", "warning"].map((key) =>
  [key, t(`rooms.alerts.${key}`), t(`rooms.alerts.${key}.what`)]);

export function alertOn(key) {
  return key === "sound" ? soundOn() : preference(`alert.${key}`, true);
}

export function setAlert(key, on) {
  if (key === "sound") setSound(on);
  else setPreference(`alert.${key}`, on);
}

function hidden() {
  return document.visibilityState === "hidden";
}

function setIcon(href) {
  let link = document.querySelector("link[rel=icon]");
  if (!link) {
    link = h("link", { rel: "icon", type: "image/svg+xml" });
    document.head.append(link);
  }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

function vibrate(pattern) {
  if (!alertOn("vibrate") || !navigator.vibrate) return;
  navigator.vibrate(pattern);
  told("vibrate");
}

/** A system notification (through the service worker where there is one: it shows while
 * the installed app is in the background, and a tap brings the table back: sw.js). */
async function notify(title, body) {
  if (!alertOn("notify") || !hidden() || !("Notification" in window)
    || Notification.permission !== "granted") return;
  const options = { body, tag: TAG, renotify: true, icon: "/icons/icon-192.png" };
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration?.active) {
      await registration.showNotification(title, options);
    } else {
      new Notification(title, options); // eslint-disable-line no-new
    }
    told("notification", { title, body });
  } catch {
    // The browser refused (no permission after all): the other alerts still came.
  }
}

async function closeNotifications() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    for (const notification of await registration?.getNotifications({ tag: TAG }) ?? []) {
      notification.close();
    }
  } catch {
    // Nothing to close.
  }
}

/** One table page's alerts: ``render`` after every version, ``tick`` with the seat clock. */
export class TurnAlerts {
  constructor(code) {
    this.code = code;
    this.myTurn = false;
    this.warned = null;
  }

  /** The page's title and icon for the state the server sent; the turn's alerts when the
   * server has just made it this seat's turn (``begins``: the action bar saw it begin). */
  render(state, begins) {
    const myTurn = state.legal !== null;
    if (begins) this.turnBegins(state);
    if (!myTurn && this.myTurn) closeNotifications();
    this.myTurn = myTurn;
    const shown = myTurn && alertOn("title");
    const warning = shown && this.warned === this.turnKey(state);
    const code = this.code;
    document.title = warning ? t("rooms.alerts.title_warning", { code })
      : shown ? t("rooms.alerts.title_turn", { code }) : `pokernight \u00b7 ${code}`;
    setIcon(shown ? TURN_ICON : NORMAL_ICON);
  }

  turnKey(state) {
    return `${state.hand?.number}-${state.version}`;
  }

  turnBegins(state) {
    play("turn");
    if (alertOn("title")) told("title");
    vibrate([200, 100, 200]);
    notify(t("rooms.alerts.your_turn_at", { code: this.code }), this.words(state));
  }

  words(state) {
    const legal = state.legal ?? {};
    if (legal.can_draw) return t("rooms.alerts.your_draw");
    if (legal.can_choose_runs) return t("rooms.alerts.run_twice");
    return legal.can_check ? t("rooms.alerts.may_check")
      : t("rooms.alerts.to_call", { amount: legal.call_amount ?? "" }).trim();
  }

  /** ``left``: the seconds the server's deadline leaves this seat (null: not its turn);
   * below ``seconds``, a quiet warning once a turn. */
  tick(state, left, seconds) {
    const key = this.turnKey(state);
    if (state.legal === null || left === null || left >= seconds || this.warned === key) return;
    this.warned = key;
    if (!alertOn("warning")) return;
    play("clock");
    vibrate([80]);
    told("warning", { left });
    notify(t("rooms.alerts.running_out_at", { code: this.code }),
      t("rooms.alerts.seconds_left", { count: Math.ceil(left) }));
    this.render(state, false);
  }
}

/** The topbar's Alerts button and its panel of switches, remembered on this device. */
export function alertsPanel(button) {
  const note = h("p", { class: "alert-what", id: "alerts-permission" });
  const showPermission = () => {
    const permission = "Notification" in window ? Notification.permission : "unsupported";
    note.textContent = {
      granted: "", default: t("rooms.alerts.permission_default"),
      denied: t("rooms.alerts.permission_denied"),
      unsupported: t("rooms.alerts.permission_unsupported"),
    }[permission] ?? "";
  };
  const boxes = ALERTS.map(([key, label, what]) => {
    const box = h("input", { type: "checkbox", name: `alert-${key}`, checked: alertOn(key) });
    box.addEventListener("change", () => {
      setAlert(key, box.checked);
      if (key === "notify" && box.checked && window.Notification?.permission === "default") {
        Notification.requestPermission().then(showPermission, showPermission);
      }
      showPermission();
    });
    return h("label", { class: "check alert-switch" }, box,
      h("span", {}, h("strong", {}, label), h("span", { class: "alert-what" }, ` \u2014 ${what}`)));
  });
  const panel = h("div", { class: "alerts-panel", id: "alerts-panel", role: "dialog",
    "aria-label": t("rooms.alerts.panel"), hidden: true },
  h("h2", {}, t("rooms.alerts.panel")), ...boxes, note);
  button.addEventListener("click", () => {
    panel.hidden = !panel.hidden;
    button.setAttribute("aria-expanded", String(!panel.hidden));
    for (const [index, [key]] of ALERTS.entries()) boxes[index].querySelector("input").checked = alertOn(key);
    showPermission();
  });
  showPermission();
  return panel;
}
