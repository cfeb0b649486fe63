"""The player's progress: a rating against the computer players (``rating``, with the levels'
own fixed ratings in ``levels``), what is kept of the history for it (``history``), and the
charts of Statistics as plain data (``charts``), drawn by web/screens/stats.py. Plain Python."""
