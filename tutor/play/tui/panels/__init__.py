"""The windows of the game screen, one module per panel: each makes the rows it shows."""
