"""Wintergrim at the table: the decks players build (user_decks) and the deck builder."""
