"""``python -m tutor`` runs the ``domino-tutor`` command."""

import sys

from tutor.cli import main

sys.exit(main())
