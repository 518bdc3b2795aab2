"""The screens: what each page and each live stream draws of a game, built in one layer
that the views and the live updates both call (scorepad/views/, scorepad/live/)."""
