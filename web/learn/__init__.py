"""Learn Bela: lessons.py the lessons (read from lessons.json) and the player's progress,
view.py their view models; their flow on the table is web/flows/learn.py; drawn by
web/screens/learn.py."""
