"""Each game's table: how the page's taps become engine actions, and what the table shows.

``base.TableGame`` is the one interface the Django side uses (services, API, pages); one
module per game implements it on that game's ``Round`` (``games/<game>/round.py``).
"""
