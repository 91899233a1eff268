"""What can go wrong with the database, as errors a caller can act on."""

from pokernight.refusals import RefusalError


class StoreError(Exception):
    """Base class of the store's errors."""


class StoreUnavailableError(StoreError):
    """The database cannot be reached or opened; the message is one line, fit for a user."""


class StaleWriterError(StoreError):
    """Events whose sequence numbers do not continue the table's log.

    Another writer got there first (a duplicate or older ``seq``) or the writer
    skipped versions; either way nothing of the batch was written, so history
    never forks.
    """


class FencedOffError(StaleWriterError):
    """A save by a process that no longer owns the table: another raised its epoch since
    (decision 39). Nothing of the batch was written; the process must let the table go."""


class NameTakenError(StoreError, RefusalError):
    """Another player of the table has this name (``pokernight.names.name_key``)."""

    def __init__(self, name: str) -> None:
        super().__init__("name_taken_table", name=name)


class MemberError(StoreError, RefusalError):
    """A club's member, device, claim code or seat claim refused, by reason code and
    parameters (decision 72): ``MemberError("no_member", member=7)``."""
