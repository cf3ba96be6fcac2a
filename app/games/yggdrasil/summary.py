"""The end of a Yggdrasil match in numbers: every clan's Glory at the end of each Age
(the state keeps it, `glory_by_age`), battles won, quests fulfilled, Glory from Ragnarök.

The match's events are read once, a slice at a time (``Work``); every fact read here
was public when it happened (a battle's result, a quest revealed), so nothing hidden
reaches the summary.
"""

from __future__ import annotations

from collections import Counter

from app.games.base import SUMMARY_SLICE, Chart, Series, Summary, Work
from app.games.yggdrasil import looks, wording
from engine.core.match import Match
from engine.games.yggdrasil.events import BattleWon, GloryGained, QuestShown
from engine.games.yggdrasil.state import STATS, YggdrasilState


def summarize(match: Match) -> Work[Summary]:
    won: Counter[int] = Counter()
    quests: Counter[int] = Counter()
    doom: Counter[int] = Counter()
    for n, (_, event) in enumerate(match.log()):
        if n and n % (SUMMARY_SLICE * 10) == 0:
            yield
        if isinstance(event, BattleWon):
            won[event.seat] += 1
        elif isinstance(event, QuestShown) and event.fulfilled:
            quests[event.seat] += 1
        elif isinstance(event, GloryGained) and event.why == "dying in Ragnarök":
            doom[event.seat] += event.glory
    state = match.state
    assert isinstance(state, YggdrasilState) and state.result is not None
    seats = range(state.players)
    facts = [("Glory", ", ".join(f"{looks.clan_label(s)} {state.glory[s]}" for s in seats))]
    for seat in seats:
        steps = ", ".join(f"{looks.STAT_NAMES[stat]} step {state.step(stat, seat)}"
                          for stat in STATS)
        facts.append((looks.clan_label(seat),
                      f"{won[seat]} battle(s) won, {quests[seat]} quest(s) fulfilled, "
                      f"{doom[seat]} Glory from Ragnarök; {steps}"))
    return Summary(wording.ending(state.result), facts, [glory_chart(state)])


def glory_chart(state: YggdrasilState) -> Chart:
    """Each clan's Glory at the start (0) and at the end of every Age played."""
    series = []
    for seat in range(state.players):
        points = [(0.0, 0.0)] + [(float(age), float(glory[seat]))
                                 for age, glory in enumerate(state.glory_by_age, start=1)]
        series.append(Series(looks.clan_label(seat), points, looks.CLAN_COLOURS[seat]))
    return Chart("Glory per Age", "Age", "Glory", series)
