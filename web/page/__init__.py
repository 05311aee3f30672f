"""The page itself: the table drawn into the DOM (``screen``) and seat 0's clicks and keys
(``controls``). The top layer under the entry points (``main.py``): it talks to the house's
facade (``house.game.Game``) and nothing talks to it."""
