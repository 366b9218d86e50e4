"""Engine-against-engine matches: the match dialog and the match window (``match_ui``)."""
