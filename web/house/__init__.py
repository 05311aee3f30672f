"""The table's house: its state, the core that applies actions, the rooms, and the facade.

From the bottom up: ``state`` (the ``Table``, in parts), ``core`` (applying an action,
a new or replaced match), ``stored`` (the small stored values), ``notices`` and
``painting`` (run as hooks), then the rooms ``replays``, the learning rooms of
``learn/`` (``coach``, ``trying``, ``drilling``, ``branching`` and their scene
``learnscene``), ``keeping``, ``records``, ``seat0``, ``flow``, ``dialogs``, then
``tablescene`` (the scene of a table) and ``game`` (``Game``, the facade the page talks
to). A module imports only those before it, and the modules of ``web/`` outside this
package (the data, the words, the drawing), never the page's entry points.
"""
