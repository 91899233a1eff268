"""The lobby: the registry between the wings, every table of this process by code and
every tournament by id. It imports the wings below it (the tables, tournaments, the club,
the edge) and sees the several processes of a room only as an ``Ownership`` (defined in
``tables.registry``), which the cluster above it carries out (decision 58).
"""
