"""What Scorepad stores: game records as entered (models come with the first game screens).

Scores are never stored; the rules engine works them out from the record on demand.
"""
