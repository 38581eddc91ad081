"""domino-tutor: a rules reference and tutor for Caribbean dominoes."""

__version__ = "0.1.0"


def main() -> int:
    """The ``domino-tutor`` command: ``tutor.cli.main``, loaded here so that a Ctrl-C while
    Python still loads the command itself also ends with exit code 130 and no traceback."""
    try:
        from tutor.cli import main as run
    except KeyboardInterrupt:
        import sys

        print(file=sys.stderr)
        return 130
    return run()
