"""pokernight: a self-hosted, real-time poker room for a group of friends."""
