"""Learn Bela: lessons.py the lessons (read from lessons.json) and the player's progress,
view.py their view models, flow.py their flow on the table; drawn by web/screens/learn.py."""
