"""What can go wrong with the database, as errors a caller can act on."""


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


class NameTakenError(StoreError):
    """Another player of the table has this name (``pokernight.names.name_key``)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"somebody at this table is already called {name}: choose another name")


class MemberError(StoreError):
    """A club's member, device, claim code or seat claim refused; the message says why."""
