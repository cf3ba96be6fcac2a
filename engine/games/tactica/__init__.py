"""TACTICA: the three-battle war on the hex field (rules in rules.py, layout in state.py)."""
