"""Every refusal a player can be sent: its reason code, its parameters and its English words
(issue 38, decision 72).

A refusal is raised as ``SomeError("code", **params)``: the code says what was refused,
the parameters what it was about (amounts and seat numbers as numbers, names and cards as
text), and the English words are made here from ``ENGLISH``, the one table of them.
The page's catalogue ``web/i18n/en/refusals.json`` holds the same words (a test checks it,
and ``catalogue()`` writes it); Spanish and German say them in their own words from the
same code and parameters. Grammar never comes from the parameters: "you are" and "Bob is"
are two codes (``..._you``), so that each language can phrase both.

The words are Python format strings: ``{amount:,}`` groups digits (the page groups every
number as its language does), ``{seconds:g}`` writes a float short. This module is pure
and imports nothing of pokernight, so that every layer may raise a refusal.
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Mapping
from typing import Final, Self

Param = str | int | float

_SEATS: Final = {
    "seat_taken": "seat {seat} is taken",
    "seat_missing": "seat {seat} does not exist (seats 1 to {seats})",
    "table_full": "table is full",
    "already_seated_you": "you are already seated at seat {seat}",
    "already_seated": "{name} is already seated at seat {seat}",
    "not_seated_you": "you are not seated at this table",
    "not_seated_that_player": "that player is not seated at this table",
    "buy_in_range": "buy-in must be between {low:,} and {high:,}",
    "debt_cap_reached_you": (
        "debt cap of {cap:,} reached: you owe {debt:,} and cannot take {amount:,} more"
    ),
    "debt_cap_reached": (
        "debt cap of {cap:,} reached: {name} owes {debt:,} and cannot take {amount:,} more"
    ),
    "own_debt_cap_reached_you": (
        "your own debt cap of {cap:,} reached: you owe {debt:,} and cannot take {amount:,} more"
    ),
    "own_debt_cap_reached": (
        "{name}'s own debt cap of {cap:,} reached: {name} owes {debt:,} and cannot take "
        "{amount:,} more"
    ),
    "programs_not_allowed_you": (
        "this table does not allow programs: you joined as one, and only the host can allow "
        "them (the setting allow_programs)"
    ),
    "programs_not_allowed": (
        "this table does not allow programs: {name} joined as one, and only the host can "
        "allow them (the setting allow_programs)"
    ),
    "removed_ask_host": (
        "the host removed you from this table ({reason}): only the host can let you sit here again"
    ),
    "seat_asked_already": "you have already asked for seat {seat}: wait for the host",
    "removed_leaving": "the host removed you from the table: you leave when the hand ends",
    "rebuy_asked_already": "you have already asked to add chips: wait for the host",
    "chips_not_positive": "the chips to add must be a positive amount",
    "stack_cap": "the stack may not go above {cap:,}: add at most {room:,}",
    "carried_debt_negative": "a debt carried from earlier nights is not negative",
    "in_hand_stand_later": "you are in the hand: stand up when it is over",
    "sitting_out_already": "you are already sitting out",
    "not_sitting_out": "you are not sitting out",
    "tournament_straddles": "a tournament deals no straddles",
    "straddles_not_allowed": "this table does not allow straddles (the host may allow them)",
    "straddling_already": "you straddle already",
    "not_straddling": "you do not straddle",
    "not_waiting_big_blind": "you are not waiting for the big blind",
    "big_blind_offered_already": "you have already offered to post the big blind",
    "only_host_seats": "only the host seats a player, gives them chips or stands them up",
    "tournament_seats": (
        "this is a tournament's table: the director seats the tournament's players "
        "(register for the tournament to play; anybody may watch)"
    ),
    "tournament_chips": (
        "at a tournament table chips come from the tournament alone: rebuys and the add-on "
        "are bought from the tournament, not at the table"
    ),
    "tournament_leaving": (
        "a tournament's player cannot leave with their chips: sit out instead (you are dealt "
        "in and blinded until you are back)"
    ),
    "tournament_bots": (
        "a tournament table seats no bots but its entrants, whom the director seats"
    ),
    "tournament_host": "a tournament table is hosted by its director for as long as it plays",
    "tournament_bomb_pots": "a tournament deals no bomb pots",
}

_HOST: Final = {
    "only_host_change_settings": "only the host can change settings",
    "only_host_transfer": "only the host can hand the table to a new host",
    "only_host_bomb_pot": "only the host can call a bomb pot",
    "only_host_close": "only the host can close the table",
    "only_host_sit_out": "only the host can sit a player out",
    "only_host_sit_bot_in": "only the host can sit a bot in",
    "only_host_approve_seat": "only the host can approve a seat",
    "only_host_decline_seat": "only the host can decline a seat",
    "only_host_approve_rebuy": "only the host can approve a rebuy",
    "only_host_decline_rebuy": "only the host can decline a rebuy",
    "only_host_add_bot": "only the host can add a bot",
    "only_host_remove_bot": "only the host can remove a bot",
    "only_host_correct_stack": "only the host can correct a stack",
    "only_host_debt_cap": "only the host can set a player's debt cap",
    "only_host_remove_player": "only the host can remove a player",
    "only_host_stand_up": "only the host can stand a player up",
    "only_host_let_back": "only the host can let a removed player back",
    "only_host_deal": "only the host can deal or pause the game",
    "only_host_invite": "only the host can make a new invite link",
    "seats_below_taken": "seat {seat} is taken: the table needs at least {seats} seats",
    "host_already": "you are already the host",
    "host_not_seated": "that player is not seated: only a seated player can host",
    "host_bot": "{name} is a bot: only a person can host",
    "host_removed": "{name} is removed from the table: they leave when the hand ends",
    "no_host": "nobody hosts this table: the next person seated will",
    "host_present": "the host has a page open: the host role stays",
    "no_successor": "nobody else with a page open can host: the host role stays",
    "bomb_pot_called": "a bomb pot is called already: it is the next hand with a flop",
    "bomb_pot_no_flop": "bomb pots are for games with a flop, and this table deals none",
    "closing_already": "the table already closes when this hand is over",
    "sitting_out_already_named": "{name} is already sitting out",
    "no_bot_at": "there is no bot at seat {seat}",
    "not_sitting_out_named": "{name} is not sitting out",
    "no_seat_request": "that player has not asked for a seat",
    "no_rebuy_request": "that player has not asked to add chips",
    "not_a_bot_level": "'{level}' is not a bot level (known: {known})",
    "bot_in_hand": "{name} is in the hand: remove the bot when it is over",
    "tournament_stacks": "a tournament's chips change only through the tournament",
    "bot_stack": (
        "{name} is a bot, whose chips are nobody's money: remove it and add a bot with the "
        "buy-in you want"
    ),
    "stack_in_hand": "{name} is in the hand: correct the stack when it is over",
    "stack_negative": "a stack cannot be less than 0 chips",
    "stack_same": "{name}'s stack is {stack:,} already",
    "tournament_debts": "a tournament table has no debts: its chips come from the tournament",
    "bot_debt": "{name} is a bot, whose chips are nobody's money: it owes nobody",
    "bot_debt_unnamed": "that player is a bot, whose chips are nobody's money: it owes nobody",
    "table_debt_cap_already": "{name} has the table's debt cap already",
    "table_debt_cap_already_unnamed": "that player has the table's debt cap already",
    "debt_cap_below_buy_in": (
        "a debt cap of {cap:,} would not allow the minimum buy-in of {minimum:,}"
    ),
    "own_debt_cap_same": "{name}'s own debt cap is {cap:,} already",
    "own_debt_cap_same_unnamed": "that player's own debt cap is {cap:,} already",
    "unknown_player": "that player has not sat at this table or asked for a seat",
    "tournament_removes": "at a tournament table only the tournament seats and removes players",
    "remove_yourself": "you cannot remove yourself: stand up to leave",
    "bot_remove": "{name} is a bot: take it away with Remove bot",
    "removed_already": "{name} is removed already: they leave when the hand ends",
    "tournament_moves": "at a tournament table only the tournament seats and moves players",
    "stand_yourself": "you cannot stand yourself up so: stand up to leave",
    "stand_in_hand": "{name} is in the hand: stand them up when it is over",
    "not_removed": "that player was not removed from this table",
    "reason_missing": "give a reason: everybody sees it, and the ledger keeps it",
    "reason_long": "a reason is at most {most} characters, not {length:,}",
    "reason_lines": "a reason is one line of text: no line breaks or control characters",
}

_PLAY: Final = {
    "table_closed": "the table is closed: the game is over",
    "hand_in_play": "a hand is being played",
    "table_closing": "the table is closing",
    "too_few_players": "at least two players with chips must be sitting in",
    "deck_committed": "the deck of hand {hand} is committed already",
    "no_commitment": "no deck is committed for the next hand yet: wait for its commitment",
    "contribution_other_hand": (
        "that contribution is not for the next hand: hand {hand} has commitment {commitment}"
    ),
    "contributed_already": "you have contributed to hand {hand} already",
    "contribution_type": "a contribution is {size} bytes written as hex",
    "contribution_digits": "a contribution is {size} bytes: {digits} hex digits",
    "nobody_to_act": "nobody is to act",
    "not_a_command": "{kind} is not a table command",
    "no_hand": "no hand is being played",
    "not_in_hand": "you are not in this hand: you are dealt in from the next one",
    "removed_played_out": "the host removed you from the table: your cards are played out for you",
    "time_left": "seat {seat} still has time to act",
    "no_cards_to_show": "you have no cards to show: you were not in the last hand",
    "cards_mucked": "the next hand is dealt: the last hand's cards are in the muck",
    "cards_shown_already": "your cards are already shown",
    "name_cards": "name the cards to show, or show them all",
    "card_shown_already": "{card} is shown already",
    "not_your_card": "'{card}' is not one of your cards of the last hand",
    "discard_not_a_card": "a discard is not a card: {detail}",
    "not_an_action_known": "'{kind}' is not an action (known: {known})",
    "rabbit_off": "rabbit hunting is off at this table (the host may turn it on)",
    "rabbit_gone": "a hand is being played: the last hand's rabbit is gone",
    "rabbit_no_hand": "no hand has ended yet",
    "rabbit_out": "the rabbit of hand #{hand} is out already",
    "rabbit_none_dealt": "{game} has no rabbit: the streets left deal to the players",
    "rabbit_every_card": "the last hand dealt every card: there is no rabbit to hunt",
}

_SETTINGS: Final = {
    "stakes_unplayed": "stakes are given for '{game}', which this table does not play",
    "jacks_option": "jacks or better to open is a Five-Card Draw option",
    "queen_option": "a queen carrying over to the next street is a Follow the Queen rule",
    "double_board_option": "a double board is for bomb pots, in games with a flop",
    "run_twice_option": "run it twice is for no-limit and pot-limit games with a board",
    "seats_range": "seats must be between {low} and {high} for this game",
    "buy_in_order": (
        "the minimum buy-in ({minimum:,}) must be positive and at most the maximum buy-in "
        "({maximum:,})"
    ),
    "buy_in_above_cap": "the maximum buy-in ({maximum:,}) is above the maximum stack ({cap:,})",
    "clock_values": "the action clock must be positive and the time bank not negative",
    "level_minutes": "blind levels must last a positive number of minutes",
    "bounty_negative": "the 7-2 bounty cannot be negative",
    "bounty_holdem": "the 7-2 bounty is for hold'em, and this table deals none",
    "bomb_pot_every": "bomb pots come every so many hands (0: when the host calls one)",
    "bomb_pot_ante": "a bomb pot's ante must be positive",
    "straddles_kind": "straddles are one of {known}, not '{straddles}'",
    "straddles_count": "a hand may have 1 to {most} straddles (1: no re-straddle), not {count}",
    "straddles_blinds": "straddles are for games with blinds, and this table deals none",
    "bot_delay": "the bot delay must be between 0 and {most:g} seconds",
    "away_action_seconds": (
        "the away clock (for a player with no page open) must be {low:g} to {high:g} "
        "seconds, not {seconds:g}"
    ),
    "host_away_seconds": (
        "the time a host may be away before the role passes on must be {low:g} to {high:g} "
        "seconds, not {seconds:g}"
    ),
    "stream_delay_seconds": "the stream delay must be 0 to {most} seconds, not {seconds}",
    "stream_delay_actions": "the stream delay must be 0 to {most} actions, not {actions}",
    "stream_delay_both": "the stream delay is in seconds or in actions, not both",
    "not_a_variant": "'{key}' is not a variant (known: {known})",
    "bring_in_stakes": "{game} needs a bring-in and a small bet at least as large as it",
    "blind_stakes": "{game} needs a small blind no larger than the big blind",
    "big_bet_small": "the big bet cannot be smaller than the small bet",
    "no_unit": "{game} needs a big blind or a small bet",
    "settings_old_straddle": "settings: voluntary_straddle is true or false",
    "settings_not_object": "settings must be a JSON object",
    "settings_unknown": "'{name}' is not a table setting",
    "settings_invalid": "settings: {detail}",
    "settings_unknown_amount": "settings: stakes hold an unknown amount ({detail})",
    "programs_only": "a program may open only a table that allows programs: set allow_programs",
    "bad_body": "bad request body: {detail}",
    "body_too_deep": "bad request body: nested too deeply",
    "name_empty": "a name cannot be empty",
    "name_invisible": "a name cannot hold control or invisible characters",
    "name_long": "a name has at most {most} characters",
    "name_bot": "names like '{name}' are kept for the bots: choose another",
}

_RULES: Final = {
    "hand_over": "hand is over",
    "no_such_seat": "there is no seat {seat} in this hand",
    "seat_folded": "seat {seat} has folded",
    "not_your_turn": "not your turn",
    "choose_runs_first": "first say whether to run the board once (1) or twice (2)",
    "draw_first": "it is the draw: discard up to {most} cards or stand pat first",
    "no_draw_now": "there is no draw now: it is a betting round",
    "game_has_no_draw": "{game} has no draw",
    "no_bring_in": "there is no bring-in to post",
    "bring_in_first": "post the bring-in or complete the bet first",
    "nothing_to_call": "there is no bet to call: check instead",
    "nothing_to_fold_to": "there is no bet to fold to: check instead",
    "check_facing_bet": "cannot check facing a bet of {level:,}",
    "runs_not_now": "there is nothing to run twice now: the betting is not over",
    "runs_not_played": "this hand is not played with run it twice",
    "not_an_action": "'{kind}' is not an action",
    "amount_whole": "a bet or raise needs a whole number of chips",
    "no_bet_or_raise": "you may not bet or raise",
    "raise_all_in_call": "calling takes every chip you have: you cannot raise",
    "raise_not_reopened": "the betting was not reopened by a full raise: you may only call or fold",
    "raise_nobody_calls": "no opponent has chips left to call a raise",
    "raise_capped": "the betting is capped at {cap} bets this round",
    "jacks_to_open": "to open you need a pair of jacks or better: call, check or fold",
    "bet_below_minimum": "bet must be to at least {amount:,}",
    "raise_below_minimum": "raise must be to at least {amount:,}",
    "bet_above_maximum": "bet must be to at most {amount:,}",
    "raise_above_maximum": "raise must be to at most {amount:,}",
    "bet_fixed": "bet must be to {low:,} or {high:,}",
    "raise_fixed": "raise must be to {low:,} or {high:,}",
    "events_begin": "a hand's events begin with HandStarted",
    "player_count": "{game} needs {low} to {high} players, not {count}",
    "seat_no_chips": "seat {seat} has no chips to play with",
    "button_range": "the button must be one of the seats 0 to {last}",
    "own_deck": "{game} is dealt from its own deck of {cards} cards",
    "deck_short": "the deck has {cards} cards, too few for {players} players",
    "bomb_pot_ante_negative": "a bomb pot's ante cannot be negative ({ante:,})",
    "bomb_pot_board": "{game} has no flop to bomb: bomb pots are for board games",
    "double_board_ante": "a double board is a bomb pot's option: set the bomb pot's ante",
    "deck_short_two_boards": (
        "the deck has {cards} cards, too few for two boards and {players} players"
    ),
    "no_blinds_to_post": "{game} has no blinds to post",
    "one_big_blind": "a seat posts one big blind at most",
    "posts_blind_already": "seat {seat} already posts a blind",
    "no_blinds_to_straddle": "{game} has no blinds to straddle",
    "bomb_pot_straddle": "a bomb pot has no blinds to straddle",
    "heads_up_straddle": "heads-up nobody straddles: the button posts the small blind",
    "limit_restraddle": "in fixed-limit a straddle is one raise: there is no re-straddle",
    "straddle_seat": (
        "seat {seat} may not straddle: a straddle comes from a seat from under the gun round "
        "to the button, never from the blinds"
    ),
    "restraddle_seat": (
        "seat {seat} may not re-straddle: a re-straddle comes from the seat left of the last "
        "straddle (seat {left})"
    ),
    "straddle_after_stakes": (
        "seat {seat} may not straddle: the stakes' straddle is under the gun, so the next "
        "straddle comes from the seat left of it (seat {left})"
    ),
    "straddle_posting": "seat {seat} posts a big blind to be dealt in: it cannot straddle",
    "straddle_short": (
        "seat {seat} has {chips:,} chips, short of the straddle of {amount:,}: a straddle is "
        "posted in full or not at all"
    ),
    "straddle_short_ante": (
        "seat {seat} has {chips:,} chips, short of the straddle of {amount:,} and the ante: a "
        "straddle is posted in full or not at all"
    ),
    "draw_names_cards": "a draw names the cards to discard (none: stand pat)",
    "discard_twice": "{card} is named twice: discard each card once",
    "not_held": "you do not hold {card}",
    "discard_most": "you may discard at most {most} cards",
    "deck_ran_out": "the deck ran out of cards",
    "no_board_to_run": "{game} has no board to run twice",
    "run_twice_limit": "run it twice is a no-limit and pot-limit option",
    "say_runs": "say how many times to run the board: 1 (once) or 2 (twice)",
}

_SERVER: Final = {
    "no_hello": 'no hello: send {{"type": "hello", "protocol": 1}} first',
    "protocol": "protocol {protocol} is not supported (this server speaks {speaks})",
    "token_other_table": "this seat token does not belong to table {code}: join again",
    "flood_closed": "too many messages: closed",
    "slow_down": "too many messages: slow down",
    "unreadable": "message could not be read",
    "binary_frame": "binary frames are not part of the protocol: send JSON text",
    "malformed_hello": "malformed hello: {detail}",
    "hello_too_deep": "malformed hello: nested too deeply",
    "malformed": "malformed message: {detail}",
    "message_too_deep": "malformed message: nested too deeply",
    "message_too_large": "message too large: {size:,} bytes (at most {most:,})",
    "not_json": "malformed message: not JSON",
    "not_an_object": "malformed message: expected a JSON object",
    "spectators_cannot_act": "spectators cannot act: join the table first",
    "database_unreachable": "the table cannot reach its database: try again",
    "not_applied": "the table could not apply that: nothing was changed",
    "internal": "the server could not do that: it logged why",
    "no_such_table": "no open table with code {code}",
    "table_no_programs": (
        "table {code} does not allow programs: only the host can allow them (the setting "
        "allow_programs)"
    ),
    "wrong_invite": (
        "this invite link is not the one of table {code}: ask the host for it, or join with "
        "the code and wait for the host to let you sit"
    ),
    "too_many_unseated": (
        "{count} people have joined table {code} without sitting down: try again later"
    ),
    "ledger_busy": "table {code} is too busy to read its ledger: try again",
    "recap_not_yet": "table {code} is still open: its recap comes when the host closes it",
    "table_code_closed": "table {code} is closed: the game is over",
    "tournament_table": (
        "table {code} is a tournament's: its director seats the tournament's players. To "
        "play, register for the tournament; anybody may watch the table"
    ),
    "body_cut_off": "the request body was cut off",
    "body_too_large": "request body too large: at most {most:,} bytes",
    "sign_in": "sign in on this device first: join a table as a member, or type a claim code",
    "name_for_club": "give the name you will have in the club",
    "only_organiser_names": "only an organiser of the club can name an organiser",
    "only_organiser_log": "only an organiser of the club can read the club's log",
    "only_organiser_dispute": "only an organiser of the club can settle a dispute",
    "no_member": "there is no member {member} in this club",
    "payment_parties": "only the payer or the payee can record a payment",
    "not_your_hands": "you did not play at table {table}: its hands are not yours",
    "payment_above_debt": (
        "{name} owes {owes:,} in the season: a payment settles a debt, so it cannot be {amount:,}"
    ),
    "payment_above_owed": (
        "{name} is owed {owed:,} in the season: a payment settles a debt, so it cannot be "
        "{amount:,}"
    ),
    "club_no_table": "the club has no table {table}",
    "bad_search": "bad search: {detail}",
    "not_saved": "the move could not be saved: nothing was changed, try again",
    "bearer_seat_token": 'give the seat token as "Authorization: Bearer TOKEN"',
    "bearer_entrant_token": (
        "give the entrant's or director's token as \"Authorization: Bearer TOKEN\""
    ),
    "bearer_director_token": 'give the director\'s token as "Authorization: Bearer TOKEN"',
    "bearer_your_token": 'give your token as "Authorization: Bearer TOKEN"',
    "device_not_member": (
        "this device is not signed in as a member of the club: sign in on this device first: "
        "join a table as a member, or type a claim code"
    ),
    "member_not_joined": "{name} has not joined this table yet: join it first",
    "is_this_you": (
        "{name} is a member of this club: if you are {name}, sign in with a claim code from "
        "one of your devices; if not, choose another name"
    ),
    "director_registers_bots": (
        "only the tournament director can register a bot: give the director's token as "
        '"Authorization: Bearer TOKEN"'
    ),
    "not_an_entrant_register": "this token is not an entrant's of this tournament: register again",
    "not_an_entrant": "this token is not an entrant's of this tournament",
    "not_a_player": "this token is not a player's of this tournament",
    "out_of_tournament": "you are out of the tournament",
    "play_at_table": "you play at table {code}",
    "not_at_this_table": "you do not play at this table now: the tournament's page says where",
    "too_many_connections": "too many connections from your address: try again in {wait} s",
    "too_many_requests": "too many requests from your address: try again in {wait} s",
    "too_many_held": "too many connections held open from your address: at most {most}",
    "too_many_tables": "your address has {most} tables open, the most it may: close one first",
    "too_many_tournaments": "your address has {most} tournaments not finished, the most it may",
}

_TOURNAMENT: Final = {
    "payouts_numbers": "payouts must be numbers: {percentages}",
    "payouts_percentages": "payouts are percentages, like 50, 30, 20 or 27.5",
    "payouts_no_place": "the payouts must pay at least one place",
    "payout_not_positive": "place {place} must be paid a positive percentage",
    "payout_rising": (
        "place {place} ({share}%) would be paid more than place {above} ({above_share}%)"
    ),
    "payouts_total": "the payouts add up to {total}%, not 100%",
    "prize_pool_negative": "the prize pool cannot be negative",
    "prize_rounding": "prizes are rounded to a positive number of chips",
    "entries_too_few": "a tournament needs at least {entries} entries",
    "only_director_register_bot": "only the tournament director can register a bot",
    "only_director_structure": "only the tournament director can change the structure",
    "only_director_start": "only the tournament director can start the tournament",
    "only_director_deal": "only the tournament director can record a deal",
    "tournament_over": "the tournament is over",
    "registration_closed_level": "registration closed at the end of level {level}",
    "registration_closed": "registration is closed: the tournament has started",
    "registered_already": "you are already registered: this tournament has no re-entry",
    "player_name_missing": "a player needs a name",
    "tournament_name_taken": "the name '{name}' is taken in this tournament",
    "tournament_full": "the tournament is full ({entries} players)",
    "unregister_started": "the tournament has started: you can no longer unregister",
    "structure_after_start": "the structure can be changed only before the start",
    "field_below_registered": "{entries} players have registered: the field cannot be smaller",
    "started_already": "the tournament has already started",
    "sit_and_go_waits": (
        "a sit-and-go starts when {entries} players have registered: {registered} so far"
    ),
    "start_entries": "the tournament needs at least {minimum} entries: {entries} so far",
    "start_places": "the payouts pay {places} places but only {entries} players entered",
    "no_rebuys": "this tournament has no rebuys",
    "rebuys_ended": "rebuys ended with level {level}",
    "rebuys_all_made": "you have made all {most} of your rebuys",
    "rebuy_stack_above": (
        "a rebuy is for a stack at or below the starting stack ({stack:,}): you have {chips:,}"
    ),
    "rebuy_time_out": "your time to rebuy has run out",
    "no_add_on": "this tournament has no add-on",
    "add_on_level": "the add-on is taken during level {level} or its break",
    "add_on_taken": "you have taken your add-on",
    "add_on_no_chips": "an add-on is for a player with chips: rebuy first",
    # One code per English ordinal suffix (tournament/errors.py, ordinal_code).
    "out_finished_st": "you are out of the tournament (you finished {place}st)",
    "out_finished_nd": "you are out of the tournament (you finished {place}nd)",
    "out_finished_rd": "you are out of the tournament (you finished {place}rd)",
    "out_finished_th": "you are out of the tournament (you finished {place}th)",
    "not_registered": "you are not registered in this tournament",
    "sit_and_go_places": (
        "the payouts pay {places} places but the sit-and-go seats {entries} players"
    ),
    "tournament_name_missing": "the tournament needs a name",
    "sit_and_go_players": "a sit-and-go needs at least 2 players",
    "sit_and_go_schedule": (
        "a sit-and-go starts when full: it has no start time or late registration"
    ),
    "start_time_missing": "a scheduled tournament needs a start time",
    "field_below_minimum": "the largest field ({entries}) is below the minimum ({minimum})",
    "late_registration_level": "late registration must end at one of the {levels} levels",
    "starting_stack_positive": "the starting stack must be positive",
    "games_none": "a tournament plays at least one game",
    "table_seats_range": "tables must seat between 2 and {most} for these games",
    "multi_table_seats": "tables of a multi-table tournament seat at least {least}",
    "levels_none": "the clock needs at least one level",
    "chips_order": "chips are positive denominations, smallest first, each once",
    "chips_whole": "each chip must be worth a whole number of the chip below it",
    "starting_stack_chips": (
        "the starting stack ({stack:,}) is not a whole number of {chip:,} chips"
    ),
    "level_minutes_positive": "level {level} must last a positive number of minutes",
    "break_levels": "a break follows one of the {levels} levels, at most one each",
    "break_minutes": "the break after level {level} must last a positive number of minutes",
    "colour_up_smallest": (
        "the break after level {level} can colour up only the smallest chip in play "
        "({chip:,}), and a larger one must remain"
    ),
    "buy_in_whole": "the buy-in is not negative and prizes round to whole chips",
    "bounty_positive": "a bounty must be a positive amount",
    "rebuy_chips": (
        "a rebuy buys a positive number of whole {chip:,} chips, for a price not negative"
    ),
    "rebuys_until": "rebuys must end at one of the {levels} levels",
    "rebuys_most": "allow at least one rebuy, or no rebuys at all",
    "rebuy_window": "the time to rebuy after losing every chip is not negative",
    "add_on_chips": (
        "an add-on buys a positive number of whole {chip:,} chips, for a price not negative"
    ),
    "add_on_at_level": "the add-on comes at one of the {levels} levels",
    "level_bring_in": (
        "level {level} ({game}) needs a bring-in and a small bet at least as large, or blinds "
        "to derive them from"
    ),
    "level_blinds": "level {level} ({game}) needs a small blind no larger than the big blind",
    # One code per amount of the stakes (tournament/structure.py, stake_code).
    **{
        f"level_unpayable_{field}": (
            f"level {{level}}'s {field.replace('_', ' ')} of {{amount:,}} cannot be paid in "
            "chips of {chip:,}"
        )
        for field in (
            "small_blind",
            "big_blind",
            "straddle",
            "ante",
            "big_blind_ante",
            "bring_in",
            "small_bet",
            "big_bet",
        )
    },
    "not_a_template": "'{name}' is not a template (known: {known})",
    "not_a_structure_field": "'{name}' is not part of a tournament's structure",
    "deal_not_in_money": "a deal is made in the money: {left} players are left and {paid} are paid",
    "deal_between_hands": "a deal is recorded between hands: table {table} is playing one",
    "deal_players": "the deal gives an amount to each player left, and to nobody else: {players}",
    "deal_negative": "nobody is paid a negative amount",
    "deal_total": "the deal shares {total:,} but the prizes left are {money:,}",
    "icm_players": "a deal is reckoned for 1 to {most} players",
    "icm_stacks": "every player in a deal has chips",
    "icm_prizes": "prizes are not negative, first place first, never rising",
    "no_table_in_play": "there is no table {table} in play",
    "table_playing": "table {table} is already playing a hand",
    "on_break": "the tournament is on a break: play resumes in {minutes} min",
    "colouring_up": "the chips are being coloured up: play resumes after the race",
    "table_two_players": "table {table} needs two players with chips",
    "final_table_wait": (
        "the final table is drawn when every table has finished its hand: table {table} is "
        "still playing"
    ),
    "hand_for_hand_wait": (
        "hand-for-hand starts when every table has finished its hand: table {table} is still "
        "playing"
    ),
    "hand_for_hand_played": (
        "hand-for-hand: table {table} has played this hand and waits for the others"
    ),
    "table_not_playing": "table {table} is not playing a hand",
    "report_players": (
        "table {table}'s report must give every player seated there: missing {missing}, "
        "not seated {extra}"
    ),
    "report_stack_negative": "a stack cannot be negative",
    "chips_not_conserved": (
        "chips are not conserved at table {table}: {before:,} before the hand, {after:,} after"
    ),
    "bust_not_this_hand": "{player} did not lose their last chips in this hand",
    "bust_takers": "{player}'s chips were taken by players of the table who have chips",
    "bounty_knockout": "a bounty tournament needs to know who knocked out {player}",
    "not_started": "the tournament has not started",
}

_CLUB: Final = {
    "no_club": "there is no club {club}",
    "member_name_taken": "the club already has a member called {name}: choose another name",
    "name_became_member": "that name became a member's meanwhile: you play as a guest",
    "name_taken_table": "somebody at this table is already called {name}: choose another name",
    "no_member_id": "there is no member {member}",
    "no_player": "there is no player {player}",
    "merge_self": "{name} cannot be merged into themselves",
    "merge_other_clubs": "{name} and {other} are members of different clubs",
    "merged_already": "{name} was merged into another member already",
    "merge_into_merged": "{name} was merged into another member: merge into that one",
    "merge_absorbed": "others were merged into {name}, who cannot be merged now",
    "no_device": "there is no device '{key}' of this member",
    "claim_code_wrong": (
        "that code is wrong or was used already: ask for a new one on a device you are signed in on"
    ),
    "claim_code_expired": (
        "that code has expired: ask for a new one on a device you are signed in on"
    ),
    "claim_code_used": (
        "that code was used already: ask for a new one on a device you are signed in on"
    ),
    "seat_other_member": "player {player}'s seat is already another member's",
    "seat_no_club": "player {player}'s table belongs to no club",
    "seat_other_club": "player {player} sat at another club's table than {name}'s",
    "seat_token_nobody": "that seat token is nobody's: it may be from another room",
    "member_has_seat": "{name} already has a seat at that table",
    "only_organiser_invite": "only an organiser of the club can invite an organiser",
    "member_already": "you are a member already, as {name}: keep the invitation",
    "invitation_wrong": (
        "that invitation is wrong or was used already: ask a member of the club for a new "
        "invitation"
    ),
    "invitation_expired": (
        "that invitation has expired: ask a member of the club for a new invitation"
    ),
    "invitation_used": (
        "that invitation was used just now: ask a member of the club for a new invitation"
    ),
    "payment_range": "a payment is a whole number of chips from 1 to {most:,}",
    "pay_yourself": "{name} cannot pay themselves",
    "payment_counts": "that payment counts already",
    "confirm_parties": "only the payer or the payee can confirm a payment",
    "confirm_other_side": "{name} has to confirm it",
    "take_back_parties": "only the payer or the payee can take a payment back",
    "payment_counts_undo": "that payment counts: only an organiser can undo it now",
    "no_payment": "there is no payment {payment} in this club",
    "night_nets": "the nets of the night {night} sum to {total}, not 0",
    "night_nets_undated": "the nets of the night (undated) sum to {total}, not 0",
    "ledger_known": "{file} was imported before: nothing new was stored",
    "no_member_named": "the club has no member called {name}",
}

ENGLISH: Final[Mapping[str, str]] = {
    **_SEATS,
    **_HOST,
    **_PLAY,
    **_SETTINGS,
    **_RULES,
    **_SERVER,
    **_TOURNAMENT,
    **_CLUB,
}
"""Every refusal's code and its English words, as a Python format string."""


def english(code: str, params: Mapping[str, Param]) -> str:
    """The English words of refusal ``code`` with ``params`` filled in."""
    return ENGLISH[code].format(**params)


def catalogue() -> dict[str, str]:
    """The page's English catalogue of refusals (``web/i18n/en/refusals.json``): each code's
    words with plain ``{name}`` fields, which the page fills and formats itself."""
    return {f"refusal.{code}": _plain(words) for code, words in ENGLISH.items()}


def _plain(words: str) -> str:
    """``words`` with every field plain (``{name}``) and every escaped brace single."""
    return "".join(
        text + ("" if name is None else f"{{{name}}}")
        for text, name, _, _ in string.Formatter().parse(words)
    )


# Control characters and line breaks: a name a client sent ("\n" in an unknown setting's
# key) would otherwise break the one line a refusal is, in a log or a terminal.
_BREAKING = frozenset({"Cc", "Zl", "Zp"})


def _one_line(value: Param) -> Param:
    """``value`` with every control character and line break written as its escape."""
    if not isinstance(value, str):
        return value
    return "".join(
        char.encode("unicode_escape").decode("ascii")
        if unicodedata.category(char) in _BREAKING
        else char
        for char in value
    )


class RefusalError(ValueError):
    """A refusal: its reason ``code``, its ``params``, and (as the message) its English words.

    A ``ValueError`` so that the command line and the server print it as one line.
    """

    def __init__(self, code: str, /, **params: Param) -> None:
        params = {name: _one_line(value) for name, value in params.items()}
        super().__init__(english(code, params))
        self.code = code
        self.params = params

    @classmethod
    def like(cls, other: RefusalError) -> Self:
        """``other``'s refusal, raised as this kind (a rules refusal passed on by the table)."""
        return cls(other.code, **other.params)

    def wire(self) -> dict[str, object]:
        """What the protocol sends of it beside the English ``reason`` (docs/protocol.md)."""
        return {"code": self.code, "params": dict(self.params)}
