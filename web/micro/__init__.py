"""What both interpreters run (Pyodide's CPython and the painter's MicroPython): the escaping
HTML builder (``markup``), the painter's words and languages (``words``), the table's look
from seat 0's view (``paintable``; its bar and buttons: ``paintbar``) and the check of the
stored view the painter draws (``paint_check``). Written in the subset MicroPython runs;
the bottom layer of the page."""
