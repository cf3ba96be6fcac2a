"""Wintergrim at the table: areas between the HQs with their structures and units, the
sky (scene, presenter), and the decks players build (user_decks) and the deck builder."""
