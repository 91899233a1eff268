// The page's router: "#1234" is table 1234, anything else is the lobby.

import { $ } from "./dom.js";
import { applyFelt, feltSelect } from "./felt.js";
import { renderLobby } from "./lobby.js";
import { setSound, soundOn } from "./sound.js";
import { TablePage } from "./table_page.js";

let page = null;

function route() {
  page?.close();
  page = null;
  const code = location.hash.slice(1);
  const banner = $("#banner");
  banner.hidden = true;
  if (/^\d{4}$/.test(code)) page = new TablePage($("#app"), code, banner);
  else renderLobby($("#app"));
}

function soundButton() {
  const button = $("#sound");
  const show = () => {
    button.setAttribute("aria-pressed", String(soundOn()));
    button.textContent = soundOn() ? "Sound on" : "Sound off";
  };
  button.addEventListener("click", () => {
    setSound(!soundOn());
    show();
  });
  show();
}

window.addEventListener("hashchange", route);
applyFelt();
feltSelect($("#felt-colour"));
soundButton();
route();
