"""Who decides for a computer seat: the seat's agent and the page's link to the engine's
worker (``agents``), the decision made from a seat's view alone (``decide``, run by the worker
and, while it starts, by the page), and the runtime the worker reports (``runtime_info``).
Below the house, above the engine."""
