"""The coach (Settings → Coach): note.py holds what it finds and says (the prices of the
player's options, the note on a costly card); its flow on the page (prices asked while the player
thinks, the note, the take-back) is web/flows/coach.py, the prices are worked out in the bots'
worker (web/worker/coach.py) and the note drawn by web/screens/coachline.py."""
