"""The browser layer of Bela: PyScript glue, rendering, storage and translations.

Everything here asks the engine (``bela``) about the rules; nothing here decides them.
Modules that touch the browser (``app``, ``dom``, ``render``, ``botclient``) import ``js``;
the others are plain Python and run under CPython too.
"""
