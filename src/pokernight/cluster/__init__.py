"""Several room processes as one room (issue 21): who owns each table, over Redis.

Without ``--redis`` nothing here is imported: one process owns every table, as before.
"""

from pokernight.cluster.lease import Adoptable, Heartbeat, LeaseLostError, Leases

__all__ = ["Adoptable", "Heartbeat", "LeaseLostError", "Leases"]
