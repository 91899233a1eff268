"""Several room processes as one room (issue 21): who owns each table, over Redis.

Without ``--redis`` nothing here is imported: one process owns every table, as before.
"""

from pokernight.cluster.lease import LeaseLostError, TableLeases

__all__ = ["LeaseLostError", "TableLeases"]
