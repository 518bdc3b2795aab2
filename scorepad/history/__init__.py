"""The history and its figures: what finished games leave behind, read back.

- ``figures``: each player's figures in a game, worked out by the engine and stored;
- ``stats``, ``ratings``, ``rivals``, ``partners``, ``charts``: a player's statistics,
  ratings (openskill), head-to-head tallies, partnerships and running totals drawn;
- ``renaming``: a player renamed across their games, two spellings merged;
- ``records``, ``backups``: the games as ``scorepad/1`` records, exported and imported,
  backed up and restored.

The views of the history, a player and the records (scorepad/views/) call them.
"""
