"""Today's deals and a shared deal: view.py the duplicate's values (seed, pars, the day's
card); its flow (start, back to the match, practice, share, par asked of the bots' worker) is
web/flows/daily.py; drawn by web/screens/daily.py."""
