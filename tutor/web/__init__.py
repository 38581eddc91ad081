"""The tutor in a web page: a puzzle of the docs answered on its page, in the page's language.

``tutor.web.forms`` says which controls a scenario's question needs (the docs' extension writes
them into the page); ``tutor.web.answers`` judges what the reader chose and says why, with the
same judge and the same words as the terminal quiz (``tests/web`` proves it for every scenario
of the library in every language). In the browser both run in Pyodide, in a Web Worker
(``docs/_static/tutor-engine-worker.mjs``): nothing here reads a file but the package's own data,
stores anything, starts a thread or needs prompt-toolkit.
"""
