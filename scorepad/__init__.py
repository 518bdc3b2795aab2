"""Scorepad: keeps score for card games at a real card table."""
