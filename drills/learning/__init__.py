"""Learning that sticks (issue 15): spaced repetition, assignments, renewing certificates."""
