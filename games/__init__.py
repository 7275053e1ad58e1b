"""The rules engine: pure Python, no Django, no I/O, no global state.

Rule IDs in comments and results refer to ``shared/RULES.md``.
"""

ENGINE_VERSION = "1.0.0"
"""Bumped whenever a change can alter a generated scenario or an answer key."""
