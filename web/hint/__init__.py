"""The hint (the bulb): advice.py its values (the advice read from the worker's reply, its words,
what the page remembers of it), flow.py its flow on the page; drawn by web/screens/hintline.py."""
