"""The one simulated-player policy of every round and drill, a module per game.

Players' decisions (basic strategy with some deviations by difficulty, the Switch, setting a
Pai Gow hand by the house way or now and then fouling, choosing or folding at Over/Under 26)
come only from here, through the ``random.Random`` passed in, so a seeded round replays
exactly. The drills deal their situations with the same policies (``play_box``, the Pai Gow
settings, the Over/Under choice), choosing players by their tendencies (more splits, a
timid or a reckless player, a player who fouls); they steer only the cards.
"""
