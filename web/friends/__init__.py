"""Play with friends: a challenge on the same deals, and rooms by link (issue 33)."""
