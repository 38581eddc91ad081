Documentation.addTranslations({
    "locale": "de",
    "messages": {
        ", in ": ", in ",
        "Hide Search Matches": "Suchtreffer ausblenden",
        "Preparing search...": "Suche wird vorbereitet …",
        "Search Results": "Suchergebnisse",
        "Search finished, found one page matching the search query.": [
            "Suche beendet: eine Seite passt zur Suchanfrage.",
            "Suche beendet: ${resultCount} Seiten passen zur Suchanfrage."
        ],
        "Searching": "Suche läuft",
        "Your search did not match any documents. Please make sure that all words are spelled correctly and that you've selected enough categories.": "Deine Suche ergab keine Treffer. Prüfe bitte, ob alle Wörter richtig geschrieben sind und ob du genug Kategorien ausgewählt hast."
    },
    "plural_expr": "(n != 1) ? 1 : 0"
});
