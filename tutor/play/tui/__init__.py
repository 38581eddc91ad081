"""The full-screen face of ``domino-tutor play``, one module per concern.

- ``state``: the screen's state and what each key does (no prompt-toolkit).
- ``panels``: the rows each window shows (tiles are drawn by ``tutor.render.terminal``).
- ``completer``: completion of a typed tile.
- ``keys``: the key bindings. ``style``: the colours (``NO_COLOR`` keeps bold and reverse).
- ``layout``: the windows and what each shows. ``app``: the ``Application`` and its timer.
"""
