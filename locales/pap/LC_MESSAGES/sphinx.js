Documentation.addTranslations({
    "locale": "pap",
    "messages": {
        ", in ": ", den ",
        "Hide Search Matches": "Skonde resultadonan di buska",
        "Preparing search...": "Ta prepará e buska...",
        "Search Results": "Resultadonan di buska",
        "Search finished, found one page matching the search query.": [
            "Buska a kaba: un página ta kuadra ku e buska.",
            "Buska a kaba: ${resultCount} página ta kuadra ku e buska."
        ],
        "Searching": "Ta buska...",
        "Your search did not match any documents. Please make sure that all words are spelled correctly and that you've selected enough categories.": "Bo buska no a haña ningun dokumento. Por fabor, kontrolá ku tur palabra ta skirbí korekto i ku bo a skohe sufisiente kategoria."
    },
    "plural_expr": "(n != 1) ? 1 : 0"
});
