"""The edge: what the room is tuned with and what stands at its door, knowing no poker.

The server's settings (``config``), the limits per connection and per address
(``ratelimit``, ``address_holds``, ``address_limits``), the security headers, which pages
may open a socket (``origins``), the WebSocket close codes every wing sends (``closes``),
the listening socket and uvicorn's WebSocket protocol, the JSON logs, the event loop's
lag and the collector, the browser client's files and the stream page's address. The
lowest wing: every other wing may import it, it imports none (decision 58).
"""
