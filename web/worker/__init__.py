"""What runs in the bots' worker (web/static/bot-worker.js starts its own Pyodide and calls
:func:`web.worker.main.handle`), never on the page and never touching the DOM: the computer
players' decisions and the par of a deal (main.py), the coach's prices (coach.py), the review's
analysis (review.py). ``messages.py`` is the one format of what page and worker say to each
other (requests, replies, an action's text): both sides import it. If the worker cannot start,
the page runs the same functions on its main thread (web/botclient.py), which is how they are
tested under CPython too."""
