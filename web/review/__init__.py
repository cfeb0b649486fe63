"""The review of a finished hand: view.py its view model (plain values), flow.py its flow on
the page (the parts asked of the bots' worker, web/worker/review.py, as they come), practice.py
"play it again from here"; drawn by web/screens/review.py."""
