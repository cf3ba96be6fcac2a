"""The rules engine: no Qt, no window. Importing it registers the games it ships."""

import engine.games  # noqa: F401 - registering the games is this import's work
