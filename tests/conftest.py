"""Shared fixtures; engine tests need none and no database."""
