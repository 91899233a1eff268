// The topbar's menu of languages: the choice is kept on this device (i18n.js).

import { LANGUAGES, chooseLanguage, language, t } from "./i18n.js";
import { h } from "./dom.js";

export function languageSelect(select) {
  select.setAttribute("aria-label", t("common.language"));
  select.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) =>
    h("option", { value: code, selected: code === language, lang: code, translate: "no" }, name)));
  select.addEventListener("change", () => chooseLanguage(select.value));
}
