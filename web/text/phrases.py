"""The quick phrases a seat may say when playing with friends: keys, never free text.

Each is ``phrase_<key>`` in the catalogs, shown in each reader's language; a
message naming any other key is refused (``remote.protocol``).
"""

PHRASES = ("good_cards", "thanks", "hurry", "well_played", "sorry", "nice")
