"""Data shipped with the package (generated constants modules, loadable under Pyodide)."""
