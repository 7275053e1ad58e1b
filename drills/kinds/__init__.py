"""Drill kinds: one module each; see base.py."""
