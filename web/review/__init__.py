"""The review of a finished hand: view.py its view model (plain values); its flow on the page
(the parts asked of the bots' worker, web/worker/review.py, as they come) is web/flows/review.py,
"play it again from here" web/flows/practice.py; drawn by web/screens/review.py."""
