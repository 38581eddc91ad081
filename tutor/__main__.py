"""``python -m tutor`` runs the ``domino-tutor`` command."""

import sys

from tutor import main

sys.exit(main())
