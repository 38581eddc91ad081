"""Choosing the learner's language and loading the ``tutor`` gettext catalog.

Order of choice: ``--lang``, then ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, else English. Catalogs come from compiled ``.mo`` files inside the
package (a wheel) or, in a checkout, from ``locales/*/LC_MESSAGES/tutor.po``
compiled in memory.

>>> choose_language(None, {"LANG": "de_DE.UTF-8"})
('de', None)
>>> choose_language("xx", {})
('en', 'xx')
>>> choose_language(None, {"LANGUAGE": "pap:de", "LANG": "C.UTF-8"})
('pap', None)
"""

from __future__ import annotations

import gettext as _gettext
import io
import re
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from pathlib import Path

DOMAIN = "tutor"
LANGUAGES = ("en", "de", "pap")
"""Languages the tutor speaks; English is the source language."""
SOURCE_LANGUAGE = "en"
_ENV_ORDER = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
LOCALES_DIR = Path(__file__).resolve().parents[2] / "locales"


def _base(code: str) -> str:
    """``de_DE.UTF-8`` -> ``de``; ``pap_CW`` -> ``pap``."""
    return code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def choose_language(requested: str | None, environ: Mapping[str, str]) -> tuple[str, str | None]:
    """The language to speak, and the unknown code that was asked for (if any).

    An explicit ``requested`` language wins. Otherwise the first environment
    variable that is set decides (``LANGUAGE`` may list several, separated by
    ``:``). ``C`` and ``POSIX`` mean English.
    """
    if requested:
        base = _base(requested)
        return (base, None) if base in LANGUAGES else (SOURCE_LANGUAGE, requested)
    for name in _ENV_ORDER:
        value = environ.get(name, "")
        if not value:
            continue
        for code in value.split(":"):
            base = _base(code)
            if base in LANGUAGES:
                return base, None
            if base in ("c", "posix", ""):
                return SOURCE_LANGUAGE, None
        if name != "LANGUAGE":
            return SOURCE_LANGUAGE, value
    return SOURCE_LANGUAGE, None


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalog for ``language`` (English and unknown languages: the source texts)."""
    if language == SOURCE_LANGUAGE or language not in LANGUAGES:
        return _gettext.NullTranslations()
    packaged = files("tutor").joinpath("locales", language, "LC_MESSAGES", f"{DOMAIN}.mo")
    if packaged.is_file():
        with packaged.open("rb") as handle:
            return _gettext.GNUTranslations(handle)
    po = LOCALES_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.is_file():
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po.open("rb") as handle:
            catalog = read_po(handle, locale=language, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        return _gettext.GNUTranslations(buffer)
    return _gettext.NullTranslations()


class Speaker:
    """Translates texts into one language: ``_``, ``ngettext`` and list formatting.

    >>> en = Speaker("en")
    >>> en.ngettext("{n} tile", "{n} tiles", 2).format(n=2)
    '2 tiles'
    >>> en.join(["4-3", "6-5", "2-2"])
    '4-3, 6-5, and 2-2'
    """

    def __init__(self, language: str = SOURCE_LANGUAGE) -> None:
        self.language = language if language in LANGUAGES else SOURCE_LANGUAGE
        self._catalog = translations(self.language)

    def _(self, message: str) -> str:
        """The translation of ``message``."""
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation of a text that depends on a number."""
        return self._catalog.ngettext(singular, plural, n)

    def join(self, items: list[str], style: str = "standard") -> str:
        """A list in the language's own way: the one list builder of the tutor.

        The catalog gives the words and the commas ("a, b, and c" / "a, b und c" / "a, b i c",
        with no comma before *i* or *òf* in Papiamentu); ``style`` is ``"standard"`` (and) or
        ``"or"``.

        >>> Speaker("pap").join(["Marcia: 0", "Desmond: 0", "bo: 3"])
        'Marcia: 0, Desmond: 0 i bo: 3'
        >>> Speaker("de").join(["6", "5"], "or")
        '6 oder 5'
        """
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        if style == "or":
            # TRANSLATORS: a list of two, e.g. "6 or 5".
            pair = self._("{first} or {second}")
            # TRANSLATORS: a list of three or more: {head} is "a, b" (joined by ", "), {last} the
            # last item. English writes a comma before "or"; write your language's way.
            longer = self._("{head}, or {last}")
        else:
            # TRANSLATORS: a list of two, e.g. "you and Marcia".
            pair = self._("{first} and {second}")
            # TRANSLATORS: a list of three or more: {head} is "a, b" (joined by ", "), {last} the
            # last item. English writes a comma before "and"; write your language's way.
            longer = self._("{head}, and {last}")
        if len(items) == 2:
            return pair.format(first=items[0], second=items[1])
        return longer.format(head=", ".join(items[:-1]), last=items[-1])

    def percent(self, fraction: float, decimals: int = 0) -> str:
        """A share as percents in the language's way (Babel): "16%", "16 %" in German,
        whole unless ``decimals`` asks for tenths or finer.

        >>> Speaker("en").percent(0.163), Speaker("de").percent(1.0)
        ('16%', '100\xa0%')
        >>> Speaker("de").percent(0.0062, decimals=1), Speaker("en").percent(0.0062, 1)
        ('0,6\xa0%', '0.6%')
        """
        from babel import Locale
        from babel.numbers import format_percent

        pattern = Locale.parse(self.language).percent_formats[None].pattern
        if decimals:  # the locale's own pattern, with digits after its last whole digit
            at = pattern.rindex("0") + 1
            pattern = pattern[:at] + "." + "0" * decimals + pattern[at:]
        scale = 10 ** (decimals + 2)
        return format_percent(round(scale * fraction) / scale, format=pattern,
                              locale=self.language)

    def number(self, n: float) -> str:
        """A number in the language's way (Babel): "1,234" / "1.234".

        >>> Speaker("de").number(1234), Speaker("en").number(0.5)
        ('1.234', '0.5')
        """
        from babel.numbers import format_decimal

        return format_decimal(n, locale=self.language)

    def sentences(self, text: str) -> str:
        """``text`` with every sentence begun in capitals, as a placeholder at the start of a
        sentence may not be ("you and Marcia tie" -> "You and Marcia tie").

        >>> Speaker("en").sentences("The counts are even. you and Marcia tie.")
        'The counts are even. You and Marcia tie.'
        """
        return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), text)


_SENTENCE_START = re.compile(r"(^|[.!?] )(\w)")
"""The first letter of a sentence: at the start, or after a full stop and a space."""


def N_(message: str) -> str:
    """Mark a text for extraction without translating it yet."""
    return message
