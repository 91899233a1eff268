// The page's router: "#1234" is table 1234, "#1234/SECRET" the same table reached by its
// invite link (the secret lets a newcomer sit without waiting for the host; being in the
// fragment, it is never sent to the server in a request line or a log), "#1234/hand/7"
// (or ".../7/12", at a step) the replay of its hand 7; "#club" the club's season and
// "#club/table/42/hand/7" any hand of the club's; "#tournament/5" a tournament's lobby,
// ".../clock" its clock for a TV and ".../play" this browser's entrant's table; anything
// else is the lobby. "#club/join/SECRET" is an invitation to the club (issue 30), its secret
// taken out of the address bar as an invite link's is.

import { $ } from "./dom.js";
import { applyFelt, feltSelect } from "./felt.js";
import { t } from "./i18n.js";
import { languageSelect } from "./language_menu.js";
import { loadGames } from "./games.js";
import { renderLobby } from "./lobby.js";
import { ClubPage } from "./club_page.js";
import { ReplayPage, clubSource, tableSource } from "./replay_page.js";
import { alertsPanel } from "./alerts.js";
import { TablePage } from "./table_page.js";
import { TournamentClock, TournamentLobby, TournamentTable } from "./tournament_page.js";

let page = null;
const REPLAY = /^#(\d{4})\/hand\/(\d{1,9})(?:\/(\d{1,4}))?$/;
const CLUB_REPLAY = /^#club\/table\/(\d{1,12})\/hand\/(\d{1,9})(?:\/(\d{1,4}))?$/;
const TOURNAMENT = /^#tournament\/(\d{1,12})(?:\/(clock|play))?$/;
const TOURNAMENT_PAGES = { clock: TournamentClock, play: TournamentTable };
const CLUB_INVITE = /^#club\/join\/([\w-]{1,64})$/;

/** The replay page for a hash that names a hand, else null. */
function replayPage(banner) {
  const [, code, number, step] = location.hash.match(REPLAY) ?? [];
  const [, tableId, clubNumber, clubStep] = location.hash.match(CLUB_REPLAY) ?? [];
  if (!code && !tableId) return null;
  const source = code ? tableSource(code) : clubSource(Number(tableId));
  const at = step ?? clubStep;
  return new ReplayPage($("#app"), source, Number(number ?? clubNumber), banner,
    at ? Number(at) : null);
}

function route() {
  page?.close();
  page = null;
  const banner = $("#banner");
  banner.hidden = true;
  page = replayPage(banner);
  if (page) return;
  const [, invite] = location.hash.match(CLUB_INVITE) ?? [];
  if (location.hash === "#club" || invite) {
    if (invite) history.replaceState(null, "", "#club");
    page = new ClubPage($("#app"), banner, invite ?? null);
    return;
  }
  const [, tournament, view] = location.hash.match(TOURNAMENT) ?? [];
  if (tournament) {
    const Page = TOURNAMENT_PAGES[view] ?? TournamentLobby;
    page = new Page($("#app"), Number(tournament), banner);
    return;
  }
  const [, code, secret] = location.hash.match(/^#(\d{4})(?:\/([\w-]{1,64}))?$/) ?? [];
  if (!code) {
    renderLobby($("#app"));
    return;
  }
  // The secret is kept by the page, not left in the address bar (or a screenshot).
  if (secret) history.replaceState(null, "", `#${code}`);
  page = new TablePage($("#app"), code, banner, secret ?? null);
}

/** The games first (every page draws a game from the server's facts about it), then the page. */
function start() {
  loadGames().then(route, (failure) => {
    const banner = $("#banner");
    banner.textContent = t("common.cannot_reach_room", { reason: failure.message });
    banner.className = "banner error";
    banner.hidden = false;
  });
}

/** The topbar's Alerts button: the panel of this device's turn alerts (alerts.js). */
function alertsButton() {
  const button = $("#alerts-button");
  button.after(alertsPanel(button));
}

/** The page's own words (index.html marks them by key: ``data-i18n`` its text,
 * ``data-i18n-label`` its ``aria-label``), in the page's language. */
function wordShell() {
  for (const element of document.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of document.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
}

// The page shell works offline and installs on a phone's home screen (sw.js: never game state).
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

window.addEventListener("hashchange", () => start());
wordShell();
applyFelt();
feltSelect($("#felt-colour"));
languageSelect($("#language"));
alertsButton();
start();
