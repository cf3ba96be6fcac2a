"""Wintergrim's table: areas between the HQs, structures with their units, the sky."""
