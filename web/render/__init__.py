"""How the table looks: pure functions from a ``Scene`` (seat 0's view and the table's own
state) to escaped HTML, one fragment per region (``table``). The felt's middle (``centre``),
the hand and its controls (``handview``), card faces and buttons (``faces``), the hand log,
the card counter, the dialogs (``panels``), the replay and the coach's review. Nothing here
touches the page or changes the state; below the house, above the stored data and the words."""
