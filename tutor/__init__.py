"""domino-tutor: a rules reference and tutor for Caribbean dominoes."""

__version__ = "0.1.0"
