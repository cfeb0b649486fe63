"""The features' flows on the page: what each does to the Model when the player acts or the bots'
worker answers (coach, daily, friends, hint, learn, review, practice). They sit above the Model,
whose state holds each feature's plain values (web/<feature>/), and below the game's flow
(web/game.py) and the app that call them; no screen calls one but to read (the coach's note
shown). A feature's values and its flow live in two folders for that reason: one folder holding
both would stand below the Model and above it at once."""
