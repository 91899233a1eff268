"""The database schema: the event log (the source of truth) and projections built from it.

The Alembic migrations in ``migrations/versions`` create exactly this schema
(a test compares them). Times are seconds since the epoch (server clock).
"""

from __future__ import annotations

from enum import StrEnum

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Double,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    false,
    text,
)


class TableStatus(StrEnum):
    """``imported``: hands read from PHH files (``pokernight import``), closed to play like
    a closed table, and saying where its hands came from (decision 32)."""

    OPEN = "open"
    CLOSED = "closed"
    IMPORTED = "imported"


metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

# Only one OPEN table may hold a code; closed tables keep theirs for history.
OPEN_ONLY = text("status = 'open'")
# Only members not merged into another hold their name in the club (decision 33).
NOT_MERGED = text("merged_into IS NULL")

# Clubs, their members and the members' devices (decision 33): who a player is from one
# table to the next. The first club is the default one, made by migration 0003.
clubs = Table(
    "clubs",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String, nullable=False),
    Column("created_at", Double, nullable=False),
)

members = Table(
    "members",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False),
    Column("name", String, nullable=False),
    # pokernight.names.name_key(name): two members of a club never read the same.
    Column("name_key", String, nullable=False),
    Column("created_at", Double, nullable=False),
    # The member who absorbed this one: reads follow it once, nothing is rewritten, so a
    # merge can be undone.
    Column("merged_into", ForeignKey("members.id"), nullable=True),
    # Merges members and says who a guest was (decision 35): the club's first member, and
    # whoever an organiser names.
    Column("organiser", Boolean, nullable=False, server_default=false()),
    Index(
        "uq_members_club_id_name_key",
        "club_id",
        "name_key",
        unique=True,
        sqlite_where=NOT_MERGED,
        postgresql_where=NOT_MERGED,
    ),
)

devices = Table(
    "devices",
    metadata,
    # Only the SHA-256 of a device token is kept, like a seat token's.
    Column("token_sha256", String(64), primary_key=True),
    Column("member_id", ForeignKey("members.id"), nullable=False, index=True),
    Column("created_at", Double, nullable=False),
    Column("last_seen", Double, nullable=False),
)

# A short code shown on a signed-in device that adds another device to the member: one
# use (the row is deleted when it is claimed), until ``expires_at``.
claim_codes = Table(
    "claim_codes",
    metadata,
    Column("code_sha256", String(64), primary_key=True),
    Column("member_id", ForeignKey("members.id"), nullable=False, index=True),
    Column("expires_at", Double, nullable=False),
)

tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(4), nullable=False),
    Column("settings", JSON, nullable=False),
    Column("status", String(8), nullable=False),
    Column("created_at", Double, nullable=False),
    # The invite link's secret: whoever has it sits without the host's approval. Kept
    # as it is, not hashed: the host's page shows the link again after a reload.
    Column("invite", String(64), nullable=True),
    # The club whose night it was; null until a club is chosen for it.
    Column("club_id", ForeignKey("clubs.id"), nullable=True),
    # The fencing epoch of the table's newest owner among several processes (decision
    # 39): raised by each new owner before it reads the log, checked by every save.
    Column("epoch", BigInteger, nullable=False, server_default="0"),
    # The host's Start or Pause (0009): a process adopting the table deals on if it dealt.
    Column("running", Boolean, nullable=False, server_default=false()),
    Index(
        "uq_tables_open_code",
        "code",
        unique=True,
        sqlite_where=OPEN_ONLY,
        postgresql_where=OPEN_ONLY,
    ),
)

players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", ForeignKey("tables.id"), nullable=False, index=True),
    Column("name", String, nullable=False),
    # pokernight.names.name_key(name): two players of a table never read the same.
    Column("name_key", String, nullable=False),
    # Only the SHA-256 of a seat token is kept: a leaked database seats nobody.
    Column("token_sha256", String(64), nullable=False, unique=True),
    Column("created_at", Double, nullable=False),
    # Joined through the invite link: sits without the host's approval.
    Column("invited", Boolean, nullable=False, server_default=false()),
    # The member playing this seat; null is a guest.
    Column("member_id", ForeignKey("members.id"), nullable=True, index=True),
    # Joined as a program (a friend's bot): it sits only where the host allows programs.
    Column("program", Boolean, nullable=False, server_default=false()),
    Index("uq_players_table_id_name_key", "table_id", "name_key", unique=True),
)

# The primary key is the UNIQUE(table_id, seq) that stops a stale writer forking history.
events = Table(
    "events",
    metadata,
    Column("table_id", ForeignKey("tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(64), nullable=False),
    Column("data", JSON, nullable=False),
    Column("at", Double, nullable=False),
    PrimaryKeyConstraint("table_id", "seq"),
)

# The requests each player's clients had carried out (their client ids), written in the
# transaction of the events they caused: a request resent after a crash is recognised.
# ``ref`` is the client id as JSON (5 and "5" are different ids); ``session`` tells a
# client's runs apart, so a restarted client may count its ids from 1 again.
requests = Table(
    "requests",
    metadata,
    Column("table_id", ForeignKey("tables.id"), nullable=False),
    Column("player_id", String(32), nullable=False),
    Column("session", String(64), nullable=False),
    Column("ref", String(80), nullable=False),
    Column("version", Integer, nullable=False),
    PrimaryKeyConstraint("table_id", "player_id", "session", "ref"),
)

# Projections: derived from the events in the transaction that stores them.

seats = Table(
    "seats",
    metadata,
    Column("table_id", ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("player_id", String, nullable=False),
    Column("name", String, nullable=False),
    PrimaryKeyConstraint("table_id", "seat"),
)

hands = Table(
    "hands",
    metadata,
    Column("table_id", ForeignKey("tables.id"), nullable=False),
    Column("hand_number", Integer, nullable=False),
    Column("started_at", Double, nullable=False),
    Column("ended_at", Double, nullable=True),
    Column("summary", JSON, nullable=False),
    # Where the hand's HandDealt is in the table's log (0010): a replay reads from there.
    Column("first_seq", Integer, nullable=True),
    PrimaryKeyConstraint("table_id", "hand_number"),
)

ledger_entries = Table(
    "ledger_entries",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", ForeignKey("tables.id"), nullable=False, index=True),
    Column("hand_number", Integer, nullable=False),
    Column("player_id", String, nullable=False),
    Column("name", String, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("amount", Integer, nullable=False),
    # The host's words for a correction or a removal's cash-out (0011); empty otherwise.
    Column("reason", String, nullable=False, server_default=""),
)


# The season (decision 35). Money handed over between members outside the game: the
# season's balances count it. ``recorded_by``: the member whose device recorded it.
payments = Table(
    "payments",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False, index=True),
    Column("payer", ForeignKey("members.id"), nullable=False),
    Column("payee", ForeignKey("members.id"), nullable=False),
    Column("amount", Integer, nullable=False),
    Column("at", Double, nullable=False),
    Column("recorded_by", ForeignKey("members.id"), nullable=True),
    # A payment counts once the other side confirms it (0010): when, and who confirmed
    # (the other side, or an organiser settling a dispute). Null: waiting.
    Column("confirmed_at", Double, nullable=True),
    Column("confirmed_by", Integer, nullable=True),
)

# The only ways into the club (issue 30): an invitation made by the server's operator
# (``made_by`` null: ``pokernight club invite`` or the console's link) or by a member, one
# use, known by its SHA-256. ``organiser``: whoever takes it organises the club.
club_invites = Table(
    "club_invites",
    metadata,
    Column("code_sha256", String(64), primary_key=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False, index=True),
    Column("organiser", Boolean, nullable=False, server_default=false()),
    Column("made_by", ForeignKey("members.id"), nullable=True),
    Column("created_at", Double, nullable=False),
    Column("expires_at", Double, nullable=False),
)

# What was done to the club's people and money on somebody's word (an invitation taken, a
# merge, a guest seat claimed, a new organiser, a disputed payment settled): who did it
# (``member_id``; null: the server's operator), when, and the details as JSON.
club_log = Table(
    "club_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False, index=True),
    Column("at", Double, nullable=False),
    Column("member_id", ForeignKey("members.id"), nullable=True),
    Column("action", String(32), nullable=False),
    Column("detail", JSON, nullable=False),
)

# Every guest seat an organiser claimed into a member (``players.member_id`` changed), so
# a claim can be audited and undone. ``by_member``: the organiser who did it.
member_claims = Table(
    "member_claims",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", ForeignKey("players.id"), nullable=False, index=True),
    Column("member_id", ForeignKey("members.id"), nullable=False),
    Column("previous_member_id", ForeignKey("members.id"), nullable=True),
    Column("by_member", ForeignKey("members.id"), nullable=True),
    Column("at", Double, nullable=False),
)

# What the club's bots remember of a member's play (``bots.stats.PlayerStats`` as JSON),
# so a bot that learned that Bob bluffs still knows it next week.
opponent_models = Table(
    "opponent_models",
    metadata,
    Column("club_id", ForeignKey("clubs.id"), nullable=False),
    Column("member_id", ForeignKey("members.id"), nullable=False),
    Column("stats", JSON, nullable=False),
    Column("updated_at", Double, nullable=False),
    PrimaryKeyConstraint("club_id", "member_id"),
)

# Tournaments (decision 36): each is the fold of its own event log, as a table is of its.
# ``status`` ("running", "finished") only lists the tournaments a restart resumes.
tournaments = Table(
    "tournaments",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("status", String(12), nullable=False),
    Column("created_at", Double, nullable=False),
    Column("club_id", Integer, nullable=True),  # the season its money counts in (0008)
    # The fencing epoch of its director's newest process among several (0013), as a table's.
    Column("epoch", BigInteger, nullable=False, server_default="0"),
)

# The primary key, as the tables' log's, stops two writers forking a tournament's history.
tournament_events = Table(
    "tournament_events",
    metadata,
    Column("tournament_id", ForeignKey("tournaments.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(64), nullable=False),
    Column("data", JSON, nullable=False),
    Column("at", Double, nullable=False),
    PrimaryKeyConstraint("tournament_id", "seq"),
)

# An entrant's token (only its SHA-256), written with the event that registered them.
tournament_entrants = Table(
    "tournament_entrants",
    metadata,
    Column("tournament_id", ForeignKey("tournaments.id"), nullable=False),
    Column("player_id", String(32), nullable=False),
    Column("token_sha256", String(64), nullable=False, unique=True),
    Column("created_at", Double, nullable=False),
    Column("member_id", Integer, nullable=True),  # registered from a member's device (0008)
    PrimaryKeyConstraint("tournament_id", "player_id"),
)

# Which room table plays each of a tournament's tables (its number in the tournament).
tournament_tables = Table(
    "tournament_tables",
    metadata,
    Column("tournament_id", ForeignKey("tournaments.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("table_id", ForeignKey("tables.id"), nullable=False),
    PrimaryKeyConstraint("tournament_id", "number"),
)

# The hands imported from another site's log (0014, decision 65), by that site's own id
# for each (``source``: "pokernow"): importing a log again, or a longer one, adds only the
# hands not imported yet. ``table_id``: the imported table that holds the hand.
imported_hands = Table(
    "imported_hands",
    metadata,
    Column("source", String(16), nullable=False),
    Column("hand_key", String(80), nullable=False),
    Column("table_id", ForeignKey("tables.id"), nullable=False, index=True),
    PrimaryKeyConstraint("source", "hand_key"),
)

# A club moving in (0015, decision 65): the ledgers imported into its season, each known by
# its file's SHA-256 (the same file twice adds nothing), and their nights, each known by a
# digest of its date and its nets (the same night in a longer ledger adds nothing either).
# ``balances``: ``[[name, net], ...]`` as the ledger names its players; who they are is
# read through ``imported_names`` when the season is.
ledger_imports = Table(
    "ledger_imports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False),
    Column("file_sha256", String(64), nullable=False),
    Column("file_name", String, nullable=False),
    Column("imported_at", Double, nullable=False),
    Index("uq_ledger_imports_club_id_file_sha256", "club_id", "file_sha256", unique=True),
)
ledger_nights = Table(
    "ledger_nights",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("import_id", ForeignKey("ledger_imports.id"), nullable=False, index=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False),
    # YYYY-MM-DD (UTC, as the ledger dates it), or "" for a ledger without dates.
    Column("night", String(10), nullable=False),
    Column("night_sha256", String(64), nullable=False),
    Column("balances", JSON, nullable=False),
    Index("uq_ledger_nights_club_id_night_sha256", "club_id", "night_sha256", unique=True),
)

# The names imported files give people, each matched to a member once by the host
# (``pokernight import --member "NAME=MEMBER"``): the seats of imported tables with that
# name are the member's, and so is the name's money in imported ledgers.
imported_names = Table(
    "imported_names",
    metadata,
    Column("club_id", ForeignKey("clubs.id"), nullable=False),
    Column("name_key", String, nullable=False),
    Column("name", String, nullable=False),
    Column("member_id", ForeignKey("members.id"), nullable=False),
    Column("at", Double, nullable=False),
    PrimaryKeyConstraint("club_id", "name_key"),
)

# The tables' chat (0016, decision 82): each line as the pages were sent it (a player's, or
# the dealer's), kept so that a restart, or a process taking the table up, reads the last
# ones back. ``id`` orders the lines.
chat_lines = Table(
    "chat_lines",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", ForeignKey("tables.id"), nullable=False, index=True),
    Column("at", Double, nullable=False),
    Column("line", JSON, nullable=False),
)
