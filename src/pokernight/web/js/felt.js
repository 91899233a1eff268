// The felt colour: blue unless the player picked green or red (kept in this browser).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { preference, setPreference } from "./session.js";

export const FELTS = { blue: t("common.felt_blue"), green: t("common.felt_green"),
  red: t("common.felt_red") };
const DEFAULT_FELT = "blue";

export function feltColour() {
  const chosen = preference("felt", DEFAULT_FELT);
  return chosen in FELTS ? chosen : DEFAULT_FELT;
}

/** Paint the page with the saved felt (app.css reads ``data-felt`` on the root). */
export function applyFelt(colour = feltColour()) {
  if (colour === DEFAULT_FELT) delete document.documentElement.dataset.felt;
  else document.documentElement.dataset.felt = colour;
}

/** The top bar's felt select: shows the saved colour, saves and paints a new one. */
export function feltSelect(select) {
  select.replaceChildren(...Object.entries(FELTS).map(([value, words]) => h("option", { value }, words)));
  select.value = feltColour();
  select.addEventListener("change", () => {
    setPreference("felt", select.value);
    applyFelt(select.value);
  });
}
