"""What the page keeps and reads back: the storage keys and safe access (``storage``), the
rules for writing the match (``keeper``), the saves, settings, statistics and past hands, and
the URL's query (``links``). Above the words (``text``) and the MicroPython modules, below the
drawing and the house."""
