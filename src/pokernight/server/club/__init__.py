"""The club on the server: its nights and tournaments folded into a season, the door
(invitations) and who is who, the season as a member reads it. It imports the tables and
the edge; the lobby above it is seen through ``registry.ClubRegistry`` (decision 58).
"""
