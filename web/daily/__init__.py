"""Today's deals and a shared deal: view.py the duplicate's values (seed, pars, the day's
card), flow.py its flow (start, back to the match, practice, share, par asked of the bots'
worker); drawn by web/screens/daily.py."""
