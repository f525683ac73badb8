"""The web app's JSON API (issue 20) through the framework's test client: every endpoint, every
variant's bundled example, and bad input answered 4xx with the project's own message.

The solves here are endgames (two tricks before the end of each bundled game) or run under
short limits, so the module takes a few seconds; the searches run in the app's solver
processes, as when it is served.
"""

import json

import pytest
from fastapi.testclient import TestClient

from solver import GOALS, VARIANTS, Position, TarokError, load_example, solve
from solver.bundled import example_names
from solver.playthrough import analyse_game, at_trick
from web.app import create_app

EXAMPLES = example_names()


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=2, time_limit=1.5, memory_mb=32)) as c:
        yield c


def _message(call, *args):
    """The message of the TarokError ``call(*args)`` raises."""
    with pytest.raises(TarokError) as info:
        call(*args)
    return str(info.value)


def _endgame_at(game):
    """The record index two tricks before the end of a bundled game."""
    return len(at_trick(game, game.n_tricks - 1).move_stack)


def test_info_lists_variants_goals_examples_and_limits(client):
    info = client.get("/api/info").json()
    assert [v["id"] for v in info["variants"]] == list(VARIANTS)
    assert info["goals"] == GOALS and info["examples"] == EXAMPLES
    assert info["limits"]["time_limit"] == 1.5 and info["limits"]["workers"] == 2
    slovenian = info["variants"][0]
    assert slovenian["default_contract"] == "three" and {"id": "klop", "name": "klop"} in slovenian["contracts"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_position_legal_moves_solve_and_analyse(client, name):
    game = load_example(name)
    got = client.get("/api/examples/" + name).json()
    assert Position.from_json(got["deal"]).to_json() == game.to_json() and got["line"] == game.to_line()

    at = _endgame_at(game)
    view = client.post("/api/position", json={"deal": got["line"], "at": at}).json()
    pos = at_trick(game, game.n_tricks - 1)
    assert view["at"] == at and view["record"] == game.move_stack and view["line"] == game.to_line()
    assert [s["hand"] for s in view["seats"]] == pos.hands and len(view["seats"]) == game.players
    assert view["to_move"] == pos.to_move and view["legal"] == pos.legal_moves
    assert [(p["points"], p["display"], p["tricks"]) for p in view["parties"]] == [
        (pos.points(p), pos.points_display(p), pos.tricks_won(p)) for p in range(len(pos.parties))]
    assert view["trick_starts"][str(game.n_tricks - 1)] == at and len(view["record_tricks"]) == len(game.tricks)
    assert {g["id"] for g in view["goals"]} >= {"points", "tricks"}
    whole = client.post("/api/position", json={"deal": game.to_json()}).json()
    assert whole["is_over"] and whole["at"] == len(game.move_stack) and whole["legal"] == []

    legal = client.post("/api/legal", json={"deal": game.to_json(), "at": at}).json()
    assert legal == {"to_move": pos.to_move, "trick": pos.trick_number, "legal": pos.legal_moves, "is_over": False}

    expected = solve(pos, all_cards=True, line=True)
    r = client.post("/api/solve", json={"deal": game.to_json(), "at": at}).json()
    assert (r["value"], r["display"], r["exact"], r["stopped"]) == (expected.value, expected.display, True, None)
    assert {c["card"]: c["value"] for c in r["cards"]} == expected.cards
    mover_on_side = pos.to_move in expected.side
    best = (max if mover_on_side else min)(expected.cards.values())
    for c in r["cards"]:
        assert c["best"] == (c["value"] == best)
        assert c["loss"] == (None if c["best"] else abs(best - c["value"]))
    end = pos.copy()
    for token in r["line"]:
        end.play(token)
    assert end.is_over and sum(len(t["cards"]) for t in r["line_tricks"]) >= len(r["line"])

    a = client.post("/api/analyse", json={"deal": got["line"], "from_trick": game.n_tricks - 1}).json()
    assert a["complete"] and a["stopped"] is None
    assert a["steps"] == analyse_game(game, from_trick=game.n_tricks - 1).to_json()["steps"]


def test_random_deal(client):
    dealt = client.post("/api/deal", json={"variant": "french5", "contract": "garde_sans", "seed": 7}).json()
    assert dealt["seed"] == 7
    pos = Position.from_json(dealt["deal"])
    assert (pos.variant.id, pos.contract.id, pos.move_stack) == ("french5", "garde_sans", [])
    assert client.post("/api/deal", json={"variant": "french5", "contract": "garde_sans", "seed": 7}).json() == dealt
    fresh = client.post("/api/deal", json={"variant": "danish"}).json()
    assert isinstance(fresh["seed"], int) and Position.parse(fresh["line"]).variant.id == "danish"


def test_other_goals_and_sides(client):
    game = load_example("koenigrufen_rufer")
    at = _endgame_at(game)
    pos = at_trick(game, game.n_tricks - 1)
    for goal, side in (("kings", "defence"), ("tricks", 1), ("win", None), ("pagat-ultimo", "declarer")):
        expected = solve(pos, goal, side, all_cards=True)
        r = client.post("/api/solve", json={"deal": game.to_line(), "at": at, "goal": goal, "side": side}).json()
        assert r["value"] == expected.value and r["side"] == list(expected.side), (goal, side)
        assert {c["card"]: c["value"] for c in r["cards"]} == expected.cards


def test_a_limit_gives_bounds_and_the_server_limit_stops_a_long_solve(client):
    game = load_example("french3_garde")  # a whole deal: minutes to solve
    r = client.post("/api/solve", json={"deal": game.to_json(), "at": 0, "limit": 20000}).json()
    assert r["value"] is None and not r["exact"] and r["stopped"] is None and r["display"].startswith("between")
    assert r["bounds"][0] < r["bounds"][1] and all(c["display"] == "?" for c in r["cards"] if c["value"] is None)
    # an hour and no limit become the server's 1.5 s, which the search keeps itself; a node count
    # that takes hours is stopped by the server a second (STOP_MARGIN) later
    for limit, seconds in (("3600s", 1.5), (None, 1.5), (10 ** 15, 2.5)):
        r = client.post("/api/solve", json={"deal": game.to_json(), "at": 0, "limit": limit}).json()
        assert r["stopped"] == "time limit" and r["note"] == "stopped by the server's time limit of 1.5 s", limit
        assert r["value"] is None and r["bounds"][0] <= r["bounds"][1], limit
        assert seconds - 0.1 <= r["seconds"] < seconds + 0.4, (limit, r["seconds"])


def _events(client, path, body):
    events = []
    with client.stream("POST", path, json=body) as response:
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
        name = None
        for line in response.iter_lines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                events.append((name, json.loads(line[6:])))
    return events


def test_solve_events_narrow_the_bounds_then_answer(client):
    game = load_example("slovenian4_three")
    pos = at_trick(game, 1)  # some seconds to solve (from trick 2, a few tenths: too few for progress)
    events = _events(client, "/api/solve/events", {"deal": game.to_line(), "at": len(pos.move_stack), "limit": "1200ms"})
    progress = [data for name, data in events if name == "progress"]
    assert progress and [name for name, _ in events][-1] == "result"
    for before, after in zip(progress, progress[1:]):
        assert before["bounds"][0] <= after["bounds"][0] and after["bounds"][1] <= before["bounds"][1]
        assert before["nodes"] < after["nodes"]
    result = events[-1][1]
    assert result["status"] == 200 and result["bounds"][0] >= progress[-1]["bounds"][0]
    assert progress[0]["bounds_display"] == [pos.variant.format_units(b) for b in progress[0]["bounds"]]


def test_analyse_events_give_every_step(client):
    game = load_example("slovenian3_three")
    events = _events(client, "/api/analyse/events", {"deal": game.to_json(), "from_trick": 13})
    steps = [data for name, data in events if name == "step"]
    assert [s["done"] for s in steps] == list(range(len(steps))) and steps[-1]["total"] == len(steps) - 1 == 12
    final = events[-1][1]
    assert events[-1][0] == "result" and final["complete"] and [s["step"] for s in steps[1:]] == final["steps"]
    mistakes = [(s["trick"], s["seat"], s["card"], s["loss_display"]) for s in final["steps"] if s["mistake"]]
    assert mistakes == [(13, 2, "CQ", "3")]  # README: the defence's CQ in trick 13 gave away 3 points


def _broken(game):
    """The example with its first trick's second card replaced by one its seat may not play."""
    record = game.move_stack
    start = Position.from_json(dict(game.to_json(), play=" ".join(record[:1])))
    wrong = next(card for card in start.hands[start.to_move] if card not in start.legal_moves)
    return dict(game.to_json(), play=" ".join([record[0], wrong] + record[2:]))


@pytest.mark.parametrize("name", EXAMPLES)
def test_bad_deals_answer_400_with_the_projects_message(client, name):
    game = load_example(name)
    broken = _broken(game)
    r = client.post("/api/position", json={"deal": broken})
    assert r.status_code == 400
    body = r.json()
    assert body["error"] == _message(Position.from_json, broken) and body["type"] == "IllegalMoveError"
    assert body["card"] == broken["play"].split()[1] and body["trick"] == 1 and body["rule"]
    line = game.to_line().replace("hands ", "hands XX ", 1)
    r = client.post("/api/solve", json={"deal": line})
    assert r.status_code == 400 and r.json()["error"] == _message(Position.parse, line)


@pytest.mark.parametrize("text", ["slovenian4 three; hands SK", "danish", "@", '{"variant": "danish"}', "{",
                                  "french3 garde; declarer 9; hands EX"])
def test_unreadable_deals(client, text):
    r = client.post("/api/position", json={"deal": text})
    assert r.status_code == 400 and r.json()["error"] == _message(Position.parse, text)
    r = client.post("/api/position", json={"deal": "  "})
    assert r.status_code == 400 and r.json()["error"] == "the deal is empty: paste a deal in JSON or the one-line form"


@pytest.mark.parametrize("extra, status, words", [
    ({"at": 49}, 400, "at 49: a number of cards played, 0-48 (the record has 48)"),
    ({"at": -1}, 400, "at -1"),
    ({"at": "3"}, 400, "at '3'"),
    ({"at": 48}, 400, "play is over: nothing to solve"),
    ({"goal": "petit-au-bout"}, 400, "petit-au-bout is a French goal"),
    ({"goal": "nothing"}, 400, "unknown goal 'nothing'"),
    ({"goal": "win", "side": "defence"}, 400, "goal 'win' is the declarer side's"),
    ({"side": 7}, 400, "side seat 7 is out of range 0-3"),
    ({"side": "north"}, 400, "side 'north': use 'declarer', 'defence' or a seat number"),
    ({"limit": 0.5}, 400, "limit 0.5: give a node count"),
    ({"limit": "5 minutes"}, 400, "limit '5 minutes'"),
    ({"all_cards": "yes"}, 422, "all_cards: Input should be a valid boolean"),
    ({"colour": 1}, 422, "colour: no such field"),
    ({"limit": [1]}, 422, "limit: give a number, text, true/false or null"),
])
def test_bad_solve_parameters(client, extra, status, words):
    body = dict({"deal": load_example("slovenian4_three").to_line(), "at": 40}, **extra)
    r = client.post("/api/solve", json=body)
    assert r.status_code == status and words in r.json()["error"], r.json()


@pytest.mark.parametrize("body, words", [
    ({"from_trick": 13}, "trick 13: tricks are numbered 1-12"),
    ({"from_trick": 0}, "trick 0: tricks are numbered 1-12"),
    ({"goal": "uhu"}, "uhu is a Königrufen goal"),
    ({"limit": "0s"}, "a time limit must be positive"),
])
def test_bad_analyse_parameters(client, body, words):
    r = client.post("/api/analyse", json=dict({"deal": load_example("slovenian4_three").to_json()}, **body))
    assert r.status_code == 400 and words in r.json()["error"], r.json()


def test_a_trick_the_record_does_not_reach(client):
    part = dict(load_example("slovenian4_three").to_json())
    part["play"] = " ".join(part["play"].split()[:21])
    r = client.post("/api/analyse", json={"deal": part, "from_trick": 8})
    assert r.status_code == 400 and r.json()["error"] == _message(at_trick, Position.from_json(part), 8)
    assert "does not reach trick 8" in r.json()["error"]


@pytest.mark.parametrize("body, words", [
    ({"variant": "bridge"}, "'bridge' is not a variant; choose one of slovenian4"),
    ({"variant": "french4", "contract": "three"}, "french4"),
    ({"variant": "french4", "seed": -1}, "seed -1: a whole number 0 or more"),
    ({"variant": "french4", "declarer": 4}, "declarer seat 4 is out of range: seats are 0-3"),
])
def test_bad_random_deals(client, body, words):
    r = client.post("/api/deal", json=body)
    assert r.status_code == 400 and words in r.json()["error"], r.json()


@pytest.mark.parametrize("content, status, words", [
    (b"{bad", 422, "the request body is not valid JSON"),
    (b"", 422, "the request body is empty"),
    (b"[1]", 422, "the request body must be a JSON object"),
    (b'{"deal": 5}', 422, "deal: give a JSON object or text"),
    (b'{"at": 1}', 422, "deal: a required field is missing"),
    (b"\xff", 400, "the request body is not valid JSON"),
    (b"[" * 30000, 400, "the request body is not valid JSON"),
    (b'{"deal": "' + b"x" * 70000 + b'"}', 413, "the request body is over 65536 bytes"),
])
def test_bodies_that_are_not_requests(client, content, status, words):
    r = client.post("/api/position", content=content, headers={"Content-Type": "application/json"})
    assert r.status_code == status and words in r.json()["error"], r.json()


def test_a_body_sent_in_chunks_is_capped_too(client):
    """Without a Content-Length the cap counts the bytes as they come."""
    chunks = (b'{"deal": "' if k == 0 else b"x" * 1000 for k in range(80))
    r = client.post("/api/position", content=chunks, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "the request body is over 65536 bytes"


def test_the_page_its_assets_and_the_api_docs_are_served_locally(client):
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="/static/js/main.js">' in page.text
    for path in ("/static/style.css", "/static/js/main.js", "/static/js/table.js", "/static/favicon.svg"):
        assert client.get(path).status_code == 200, path
    docs = client.get("/api/docs").text
    assert "/api/docs/assets/swagger-ui-bundle.js" in docs and "http" not in docs.replace("http-equiv", "")
    assert client.get("/api/docs/assets/swagger-ui-bundle.js").status_code == 200
    schema = client.get("/api/openapi.json").json()
    assert {"/api/position", "/api/legal", "/api/solve", "/api/solve/events", "/api/analyse",
            "/api/analyse/events", "/api/deal", "/api/info", "/api/examples/{name}"} <= set(schema["paths"])
    assert client.get("/api/examples/nothing").status_code == 404
    assert client.get("/api/nothing").json() == {"error": "Not Found", "type": "HTTPException"}
