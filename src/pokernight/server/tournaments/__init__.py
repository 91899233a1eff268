"""Tournaments on the server: the director (one task per tournament, following it at its
table actors), its facts for the pages, and its HTTP and WebSocket routes. It imports the
tables and the edge; the lobby above it is seen through ``registry`` (decision 58).
"""
