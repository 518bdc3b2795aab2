"""Live updates: a game's changes pushed to every screen that watches it (issue 25,
"pushed, not polled"), in three parts that say what they are:

- ``bus``: a game's new version heard by every stream watching it, in every server
  process (PostgreSQL's ``LISTEN``/``NOTIFY``; on SQLite, this process's own listeners
  and a look at the database for the other processes' commits);
- ``drawings``: what a stream sends of a change, drawn once per version, screen and
  language (by scorepad/screens/streams.py), and stored for the other processes
  (``Drawing`` rows);
- ``publish``: a change saved (scorepad/play.py) told by its commit.

The streams themselves are views (scorepad/views/live.py). Nothing here calls back up
into them: the screens a stream shows are listed, as data, by scorepad/screens/.
"""
