// Who this browser is in the club: a member signed in by a device token, or nobody yet.
//
// The club takes members on a member's word (issue 30): joining a member host's table by
// their invite link with "Remember me" ticked makes a member, and so does an invitation
// (club_page.js); elsewhere the box would do nothing, so the page says how to be let in.
// A name a member has is theirs, so the server answers "is this you?" (409 with the
// member's name) and this asks for a claim code from one of their devices.

import * as api from "./api.js";
import { h, sentence, wordsWith } from "./dom.js";
import { t } from "./i18n.js";
import { saveSeat, signIn, signedIn } from "./session.js";

/**
 * Who joins: the member this browser is signed in as, while the name field holds their
 * name (it starts with it); anybody else typed there is a newcomer, who may tick
 * "Remember me" to become a member (this browser then signs in as them) where the join
 * can make one (``vouched``: by a host's invite link; the server checks the host is a
 * member), else is told how to be let in.
 * ``.member()``: ask for membership; ``.asMember()``: send this browser's device.
 */
export function memberChoice(nameInput, { vouched = false } = {}) {
  const me = signedIn();
  // Somebody else at a signed-in browser (a friend's turn on the host's laptop) is not
  // remembered unless they ask: that would sign the browser out of its member.
  const box = h("input", { type: "checkbox", checked: !me, class: "remember" });
  const remember = vouched ? h("label", { class: "check remember-me" }, box,
    " ", t("common.remember_me"),
    me ? h("span", { class: "note" }, " ", t("common.browser_would_be_yours", { name: me.name }))
      : "")
    : h("p", { class: "note member-note", id: "club-by-invitation" }, t("common.club_by_invitation"));
  const playing = me ? h("p", { class: "note member-note" }, wordsWith("common.playing_as", {}, {
    name: h("strong", { translate: "no" }, me.name),
    season: h("a", { href: "#club" }, t("common.the_season")),
  })) : null;
  const element = h("div", { class: "member-choice" });
  const isMe = () => me !== null && nameKey(nameInput.value) === nameKey(me.name);
  const show = () => element.replaceChildren(isMe() ? playing : remember);
  if (me && !nameInput.value) nameInput.value = me.name;
  nameInput.addEventListener("input", show);
  show();
  return { element, member: () => isMe() || (vouched && box.checked), asMember: isMe };
}

/** Names compared as the server compares them (NFKC, case aside; ``names.name_key``). */
function nameKey(name) {
  return name.trim().normalize("NFKC").toLowerCase().normalize("NFKC");
}

/**
 * Join a table or start one: ``attempt({member, device})`` makes the request (``device``:
 * as this browser's member). A name that is a member's opens the "is this you?" question in ``holder``;
 * a claim code typed there signs this browser in, and the attempt is made again.
 */
export async function asNewcomer(holder, attempt, choice) {
  try {
    return await attempt({ member: choice.member(), device: choice.asMember() });
  } catch (failure) {
    if (failure.status !== 409 || !failure.member) throw failure;
    return new Promise((resolve, reject) => {
      holder.replaceChildren(isThisYou(failure.member, async () => {
        try {
          resolve(await attempt({ member: true, device: true }));
        } catch (again) {
          reject(again);
        }
      }, () => {
        holder.replaceChildren();
        reject(new Error(t("common.choose_another_name")));
      }));
    });
  }
}

function isThisYou(name, signedInNow, notMe) {
  const code = h("input", { id: "claim-code", type: "text", maxlength: 12, autocomplete: "off",
    autocapitalize: "characters", spellcheck: false, placeholder: "ABCDEF", translate: "no",
    required: true });
  const error = h("p", { class: "error", role: "alert", id: "claim-error" });
  const yes = h("button", { type: "button", class: "primary", id: "claim-submit" },
    t("common.sign_in"));
  yes.addEventListener("click", async () => {
    error.textContent = "";
    yes.disabled = true;
    try {
      await claimDevice(code.value);
      await signedInNow();
    } catch (failure) {
      error.textContent = sentence(failure.message);
    } finally {
      yes.disabled = false;
    }
  });
  return h("div", { class: "is-this-you", role: "dialog", "aria-labelledby": "is-this-you-title" },
    h("h3", { id: "is-this-you-title" }, t("common.is_this_you", { name })),
    h("p", {}, wordsWith("common.claim_how", {}, {
      where: h("strong", {}, t("common.claim_where")) })),
    h("div", { class: "row" }, h("label", { for: "claim-code" }, t("common.code")), code, yes),
    error,
    h("p", {}, h("button", { type: "button", id: "not-me", onclick: notMe },
      t("common.not_me", { name })), " ", t("common.then_another_name")));
}

/** A claim code typed here: this browser is signed in as its member from now on. */
export async function claimDevice(code) {
  const claimed = await api.claim(code.trim());
  signIn(claimed.device, claimed.member);
  return claimed.member;
}

/** What a join or a new table answered, kept: the seat, and a new member's device. */
export function keepJoined(code, joined, name) {
  if (joined.device) signIn(joined.device, joined.member);
  saveSeat(code, { token: joined.token, player_id: joined.player_id, name: joined.name ?? name,
    device: !joined.token });
}
