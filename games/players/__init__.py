"""The one simulated-player policy of every round and drill, a module per game.

Players' decisions (basic strategy with some deviations by difficulty, the Switch, setting a
Pai Gow hand by the house way or now and then fouling, choosing or folding at Over/Under 26)
come only from here, through the ``random.Random`` passed in, so a seeded round replays
exactly.
"""
