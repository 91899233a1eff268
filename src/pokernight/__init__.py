"""pokernight: a self-hosted, real-time poker room for a group of friends."""

__version__ = "0.1.0"
