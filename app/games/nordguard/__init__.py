"""Nordguard's table: the location grid, the sled, the countdown and the team's panels."""
