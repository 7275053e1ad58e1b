"""Deal a round at a drawn table (issue 12): the trainee deals, the server checks each
action against the game's round engine (``games/<game>/round.py``) and refuses a wrong one
with its rule and the right action."""
