"""One room spread over several processes (``serve --redis``, decisions 39 and 63):
this process's life kept, and what nobody owns adopted (``cluster``), sockets and HTTP
requests carried to the process that plays their table (``pipes``, ``to_the_owner``).
The highest wing: it imports the lobby and the wings below it; the lobby sees it as an
``Ownership`` only. Not the top-level package ``pokernight.cluster`` (lives and owners in
Redis), which it uses.
"""
