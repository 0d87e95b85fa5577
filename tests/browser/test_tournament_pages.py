"""Tournament page rendering from the projections (issue 7; docs/rules/service.md "Tournaments"):
elimination brackets drawn per stage, round robin as a cross table, Swiss as rounds,
standings with tie-break columns, penalties on the pairing they affect, pairing scoring."""
from types import SimpleNamespace

from django.template.loader import render_to_string

from tests.tournament.simulation import Sim
from tournament import events as ev
from tournament import pages

TOURNAMENT = SimpleNamespace(pk=1)


def names(n):
    return [f"p{i:02d}" for i in range(1, n + 1)]


def render(state):
    return render_to_string("tournament/_body.html", {"tournament": TOURNAMENT, **pages.arrange(state, 1)})


def first_seed_wins(pairing, leg):
    return min(pairing["a"], pairing["b"])


def test_double_elimination_draws_winners_losers_and_final_columns():
    sim = Sim("double-elimination", names(8), scoring="games")
    sim.start_round()
    sim.play_open(first_seed_wins)
    context = pages.arrange(sim.state, 1)
    assert [s["stage"] for s in context["diagram"]] == ["winners", "losers", "final"]
    assert [len(column) for column in context["diagram"][0]["columns"]] == [4, 2, 1]
    assert context["diagram"][0]["titles"] == ["Winners' quarter-finals", "Winners' semi-finals", "Winners' final"]
    assert context["diagram"][1]["titles"][-1] == "Losers' final"
    assert context["diagram"][2]["titles"] == ["Grand final"]  # the reset was not needed
    html = render(sim.state)
    assert "Winners&#x27; bracket" in html and "Losers&#x27; bracket" in html and "Grand final" in html
    assert 'Champion: <a href="/players/p01/">p01</a>' in html


def test_round_robin_cross_table_is_mirrored():
    sim = Sim("round-robin", names(4), scoring="games")
    for _ in range(3):  # Berger tables: N - 1 rounds
        sim.start_round()
        sim.play_open(first_seed_wins)
    cross = pages.arrange(sim.state, 1)["cross"]
    cell = {(row["entrant"], cross["entrants"][i]): c["scores"] for row in cross["rows"]
            for i, c in enumerate(row["cells"])}
    assert cell[("p01", "p02")] == ["2:0"] and cell[("p02", "p01")] == ["0:2"]
    assert cell[("p01", "p01")] == []
    assert "Scores of the row entrant against the column entrant" in render(sim.state)


def test_swiss_rounds_and_standings_with_buchholz_column():
    sim = Sim("swiss", names(6), scoring="games", rounds=2)
    for _ in range(2):
        sim.start_round()
        sim.play_open(first_seed_wins)
    context = pages.arrange(sim.state, 1)
    assert [r["round"] for r in context["round_list"]] == [1, 2]
    html = render(sim.state)
    assert "Buchholz" in html and 'class="num tie-break">Buchholz' in html


def test_penalty_is_shown_on_the_pairing_it_affects():
    sim = Sim("single-elimination", names(4), scoring="polish")
    sim.start_round()
    pid = next(iter(sim.state.pairings))
    entrant = sim.state.pairings[pid]["a"]
    sim.add(ev.PENALTY_ISSUED, {"penalty_id": "pen1", "entrant": entrant, "pairing_id": pid,
                                "category": "stalling", "text": "slow", "referee": "carol"})
    context = pages.arrange(sim.state, 1)
    affected = [p for r in context["bracket"]["rounds"] for p in r["pairings"] if p["penalties"]]
    assert [p["id"] for p in affected] == [pid]
    html = render(sim.state)
    assert 'class="card card-warning" title="Warning: Undue delay (stalling)"' in html


def test_pairing_scoring_explains_polish_split_by_knowledge_test():
    sim = Sim("single-elimination", names(2), scoring="polish")
    sim.start_round()
    pid = next(iter(sim.state.pairings))
    sim.add(ev.KNOWLEDGE_TEST_SCORE_RECORDED, {"entrant": "p01", "score": 9})
    sim.add(ev.KNOWLEDGE_TEST_SCORE_RECORDED, {"entrant": "p02", "score": 7})
    sim.record(pid, 1, "p01")
    sim.record(pid, 2, "p02")
    bracket = pages.projections.bracket_of(sim.state, 1)
    pairing = pages.find_pairing(bracket, pid)
    lines = pages.pairing_scoring(sim.state, pairing, "polish")
    assert lines[0] == "Match (A: p01, B: p02): won by p01, played to the end."
    assert "won by p02" in lines[1]
    assert "Knowledge test: p01 9, p02 7." in lines
    assert lines[-1] == "Score 1:1 → points 2:1. Finished (knowledge test)."


def test_registration_lists_entrants_then_round_one_shows_the_bye_and_planned_final():
    sim = Sim("single-elimination", names(3), scoring="polish")
    before = pages.arrange(sim.state, 1)
    assert before["diagram"] == [] and before["registration"] and [e["name"] for e in before["entrants"]] == names(3)
    html = render(sim.state)
    assert "Entrants" in html and "Standings" not in html  # not an all-zero standings table
    sim.start_round()
    columns = pages.arrange(sim.state, 1)["diagram"][0]["columns"]
    assert any(c["pairing"]["bye"] for c in columns[0])
    final = columns[-1][0]["pairing"]
    assert final["id"] is None and final["name"] == "Final"  # planned, not created yet
    assert [e["placeholder"] for e in final["entries"]] == ["Winner of Semi-final 1", None] or \
        [e["placeholder"] for e in final["entries"]] == [None, "Winner of Semi-final 2"]
    assert "Bye" in render(sim.state)


def test_tournament_page_view_is_404_for_a_private_tournament_to_strangers(db, client):
    from kernel.store import NewEvent, append_events
    from leagues.models import League
    from tournament.models import Tournament

    league = League.objects.create(name="L", slug="l")
    sim = Sim("swiss", names(4), scoring="games", rounds=1)
    public = Tournament.objects.create(league=league, name="Open", system="303", format="swiss", scoring="games")
    hidden = Tournament.objects.create(league=league, name="Closed", system="303", format="swiss", scoring="games",
                                       is_public=False)
    for t in (public, hidden):
        append_events(t.stream, 0, [NewEvent(e["type"], e["payload"]) for e in sim.events], actor="test")
    assert client.get(f"/tournaments/{public.pk}/").status_code == 200
    assert client.get(f"/tournaments/{hidden.pk}/").status_code == 404
    assert "Closed" not in client.get("/tournaments/").content.decode()


def test_cached_tournament_page_changes_with_the_next_event(db, client):
    """The page body is cached per stream version, so a new event (a penalty) shows at once."""
    from kernel.store import NewEvent, append_events
    from leagues.models import League
    from tournament.models import Tournament

    sim = Sim("single-elimination", names(4), scoring="polish")
    sim.start_round()
    tournament = Tournament.objects.create(league=League.objects.create(name="L", slug="l"), name="Cup",
                                           system="303", format="single-elimination", scoring="polish")
    append_events(tournament.stream, 0, [NewEvent(e["type"], e["payload"]) for e in sim.events], actor="test")
    assert "Warning:" not in client.get(f"/tournaments/{tournament.pk}/").content.decode()
    pid = next(iter(sim.state.pairings))
    append_events(tournament.stream, len(sim.events), [NewEvent(ev.PENALTY_ISSUED, {
        "penalty_id": "x", "entrant": sim.state.pairings[pid]["a"], "pairing_id": pid, "category": "stalling"})],
        actor="referee")
    assert "Warning:" in client.get(f"/tournaments/{tournament.pk}/").content.decode()
