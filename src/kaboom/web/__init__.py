"""The browser table: the pages ``kaboom serve`` serves at ``/`` (static HTML, CSS and ES
modules in ``static/``) and the few routes that put a seat's observation into the terminal
table's words (``words``), on top of the game server of ``kaboom.server``."""
