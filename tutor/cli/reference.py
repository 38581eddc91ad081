"""The reference commands: ``rules`` (a summary of the rules) and ``glossary``."""

from __future__ import annotations

import argparse
import shutil
import sys

from tutor.cli.common import EXIT_BROKEN, EXIT_OK, Command, speaker_for


def _rules(args: argparse.Namespace) -> int:
    """``rules``: a short summary of the rules of one game or both."""
    from tutor.terminal import fill
    from tutor.words.lessons import SUMMARY

    sp = speaker_for(args.lang)
    width = min(shutil.get_terminal_size().columns, 88) - 2
    for game in [args.game] if args.game else list(SUMMARY):
        title, paragraphs = SUMMARY[game]
        print(fill(sp._(title), width))
        print("=" * min(len(sp._(title)), width))
        for paragraph in paragraphs:
            print(fill("- " + sp._(paragraph), width, indent="  "))
        print()
    print(
        fill(
            sp._(
                "The full rules reference, with drawn positions: build it with 'make docs' and "
                "open docs/_build/html/{lang}/index.html."
            ).format(lang=sp.language),
            width,
        )
    )
    return EXIT_OK


def _glossary(args: argparse.Namespace) -> int:
    """``glossary``: every domino word, or the entries of one term."""
    from tutor.terminal import fill
    from tutor.words.glossary import entry_lines, find, load_glossary, sorted_terms

    sp = speaker_for(args.lang)
    width = min(shutil.get_terminal_size().columns, 88) - 2
    terms = load_glossary()
    if args.term:
        chosen = find(terms, args.term)
        if not chosen:
            print(
                sp._(
                    "domino-tutor: no glossary entry for {term} "
                    "(see the whole list with: domino-tutor glossary)"
                ).format(term=repr(args.term)),
                file=sys.stderr,
            )
            return EXIT_BROKEN
    else:
        chosen = sorted_terms(terms, sp.language)
        title = sp._("Domino words in English, German and Papiamentu")
        print(fill(title, width))
        print("=" * min(len(title), width))
    for term in chosen:
        head, definition = entry_lines(term, sp.language)
        print(fill(head, width, indent="    "))
        print(fill("  " + definition.strip(), width, indent="  "))
    if any(term.pap_source == "proposed" for term in chosen):
        print()
        print(fill(sp._("* a Papiamentu word we propose; no source text attests it yet."), width))
    return EXIT_OK


COMMANDS: dict[str, Command] = {
    "rules": _rules,
    "glossary": _glossary,
}
