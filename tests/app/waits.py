"""How long a test waits for motion on the table (a glide, a fade) to end.

The tests check where motion ends and what it leaves behind, never how fast it goes
(speed is the benchmarks' business): a wait long enough for a machine busy with other
work, which a glide that never ends still fails.
"""

MOTION_MS = 10_000
