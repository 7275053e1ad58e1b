"""The rules engine: pure Python, no Django, no I/O, no global state.

Rule IDs in comments and results refer to ``shared/RULES.md``.
"""

ENGINE_VERSION = "1.1.0"
"""Bumped whenever a change can alter a generated scenario or an answer key.

1.1.0: one simulated player for rounds and drills (some seeds of bj-settle-box,
js-settle-dealer-22, js-mixed-22, ou-settle and ou-bonus now draw other boxes).
"""
