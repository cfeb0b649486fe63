"""The hint (the bulb): advice.py its values (its words, what the page remembers of it); its
flow on the page is web/flows/hint.py; drawn by web/screens/hintline.py."""
