"""The friends tables (revision 0010 creates them): follows, invitations, presence.

``follows`` holds who follows whom (two accounts following each other are friends);
``invitations`` an invitation to a table, from a friend, until it expires; ``presence`` when an
account was last seen by any process and the table it is connected to (None: not at a table).
"""

from __future__ import annotations

from sqlalchemy import Column, Float, Index, Integer, MetaData, String, Table

metadata = MetaData()

follows_t = Table(
    "follows",
    metadata,
    Column("follower_id", Integer, primary_key=True),
    Column("followed_id", Integer, primary_key=True),
    Column("created", Float, nullable=False),
    Index("follows_followed", "followed_id"),
)

invitations_t = Table(
    "invitations",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("from_id", Integer, nullable=False),
    Column("to_id", Integer, nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Index("invitations_to", "to_id", "expires"),
)

presence_t = Table(
    "presence",
    metadata,
    Column("account_id", Integer, primary_key=True),
    Column("seen", Float, nullable=False),
    Column("table_id", String(32), nullable=True),
)
