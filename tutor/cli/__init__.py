"""The ``domino-tutor`` command.

``main`` is the console script's entry point. It loads the command itself (``tutor.cli.app``)
only when called, so that a Ctrl-C while Python still imports it also ends with exit code 130
and no traceback.
"""


def main() -> int:
    """Run ``domino-tutor`` with ``sys.argv``; the exit code."""
    try:
        from tutor.cli.app import main as run
    except KeyboardInterrupt:
        import sys

        print(file=sys.stderr)
        return 130
    return run()
