// A refusal the server sent, in the page's language (issue 38, decision 72): the server
// sends its reason code and parameters beside its English words (a socket's "error"
// message: reason, code, params; an HTTP answer: error, code, params); the page says the
// catalogue's words for the code, else the server's own.

import { has, t } from "./i18n.js";

/** The words of the refusal ``message`` in the page's language. */
export function refusalWords(message) {
  const key = `refusal.${message.code}`;
  if (message.code && has(key)) return t(key, message.params ?? {});
  return message.reason ?? message.error ?? "";
}
