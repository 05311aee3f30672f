"""The tools that use the players: many hands (``simulate``), duplicate matches between
two players (``arena``), speed benchmarks (``bench``) and the command line (``cli``,
run as ``python -m tractor``)."""
