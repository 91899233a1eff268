"""One room spread over several processes (``serve --redis``, decision 39): the table
leases held, renewed and adopted (``cluster``), sockets and HTTP requests carried to the
process that plays their table (``pipes``, ``to_the_owner``). The highest wing: it
imports the lobby and the wings below it; the lobby sees it as an ``Ownership`` only.
Not the top-level package ``pokernight.cluster`` (the leases in Redis), which it uses.
"""
