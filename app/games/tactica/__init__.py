"""TACTICA's table: the hex field, the barracks and the gestures that become actions."""
