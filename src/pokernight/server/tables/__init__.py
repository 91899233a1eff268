"""Tables in real time: one actor per table, and everything that reaches one.

The actor (decide, save, then take the new table and send the versions), the wire (the
one per-recipient view), the resume ring, a connection's outbox, the bots at a table,
the dealer's words, the host watch; the table's doors: the WebSocket session, the HTTP
routes, who may join and who a browser is, the hand replayer. It imports the edge only;
the lobby above it is seen through ``registry.TableRegistry`` (decision 58).
"""
