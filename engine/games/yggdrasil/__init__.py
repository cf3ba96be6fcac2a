"""Yggdrasil: clans drafting the gods' gifts, invading and pillaging the provinces around the
World Tree over three Ages, for 2–4 players.

Only the content layer exists so far (content.py and assets/yggdrasil): the game is not
registered until its rules engine can play it.
"""
