"""The deal viewer in a real headless Chromium, driven by Playwright (issue 20): open the page,
paste each variant's example and see its hands, click a card and see the values change, step
back and forth, share the URL and reload it, paste a broken deal and see the project's message,
watch a long solve narrow its bounds and cancel it, play the best card and the optimal line,
analyse a game.

The browser is the system's Chromium (Debian's ``chromium`` package; ``TAROKDD_CHROMIUM``
names another binary): Playwright never downloads one.  Without it the tests skip; ``.ci/run``
installs it.  The server runs in a thread on 127.0.0.1, on a free port.  With
``TAROKDD_SCREENSHOTS=DIR`` the tests also save the screenshots README shows.
"""

import json
import os
import shutil
import socket
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from solver import Position, TarokError, load_example, solve
from solver.deal import random_position
from solver.playthrough import at_trick

CHROMIUM = os.environ.get("TAROKDD_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(not CHROMIUM, reason="no Chromium found (apt-get install chromium, or set "
                                                     "TAROKDD_CHROMIUM): the browser tests need a real browser")
SHOTS = os.environ.get("TAROKDD_SCREENSHOTS")
EXAMPLES = ["slovenian4_three", "slovenian3_three", "koenigrufen_rufer", "french3_garde", "french4_garde",
            "french5_garde", "danish"]


@pytest.fixture(scope="module")
def server():
    import uvicorn

    from web.app import create_app
    app = create_app(workers=2, time_limit=10, memory_mb=32)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    served = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=served.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not served.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert served.started, "the server did not start"
    yield {"url": "http://127.0.0.1:%d/" % sock.getsockname()[1], "pool": app.state.pool}
    served.should_exit = True
    thread.join(15)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])  # (CI runs as root)
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(15000)
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(server["url"])
    opened.wait_for_function("document.querySelector('#example').options.length > 1")
    yield opened
    context.close()
    assert not errors, errors


def _open(page, server, game, at):
    page.goto("%s#deal=%s&at=%d" % (server["url"], quote(game.to_line()), at))
    _wait_at(page, at, len(game.move_stack))


def _wait_at(page, at, of):
    page.wait_for_function("document.querySelector('#nav-where').textContent === %r" % ("card %d of %d" % (at, of)))


def _wait_card(page, at):
    page.wait_for_function("document.querySelector('#nav-where').textContent.startsWith(%r)" % ("card %d of" % at))


def _hands(page, players):
    return [page.eval_on_selector_all('[data-seat="%d"] .hand:not(.moves) .card' % seat,
                                      "cards => cards.map(c => c.dataset.token)") for seat in range(players)]


def _values(page, count):
    """{card: text under it} of the seat to move, once ``count`` cards show a value."""
    page.wait_for_function("document.querySelectorAll('.seat.to-move .card .val').length === %d" % count)
    return dict(page.eval_on_selector_all(".seat.to-move .card", "cs => cs.filter(c => c.querySelector('.val'))"
                                          ".map(c => [c.dataset.token, c.querySelector('.val').textContent])"))


def _shown(display):
    return display.replace(" 1/3", "⅓").replace(" 2/3", "⅔").replace(".5", "½")


def _expected_values(pos):
    """What the page writes under each legal card: the value of the best, minus the loss of the others."""
    r = solve(pos, all_cards=True)
    best = (max if pos.to_move in r.side else min)(r.cards.values())
    fmt = pos.variant.format_units
    return {card: _shown(fmt(v)) if v == best else "−" + _shown(fmt(abs(best - v))) for card, v in r.cards.items()}


def test_paste_each_variants_example_and_see_its_hands(page):
    page.eval_on_selector("#auto-solve", "box => { box.checked = false; }")  # (the panel shows once a deal is in)
    for name in EXAMPLES:
        game = load_example(name)
        page.fill("#deal-text", game.to_line())
        page.click("#load-button")
        page.wait_for_function(  # a whole game opens at the start of play
            "(document.querySelector('#deal-info .title')?.textContent || '').startsWith(%r) && "
            "document.querySelector('#nav-where').textContent === %r"
            % (game.variant.name, "card 0 of %d" % len(game.move_stack)))
        start = at_trick(game, 1)
        assert page.locator("#table .seat").count() == game.players
        assert _hands(page, game.players) == start.hands, name
        assert page.get_attribute(".seat.to-move", "data-seat") == str(start.to_move)
        assert page.locator("#score .party").count() == len(game.parties)
    page.fill("#deal-text", json.dumps(load_example("danish").to_json()))  # JSON works too
    page.click("#load-button")
    page.wait_for_function("document.querySelector('#deal-info .title').textContent.startsWith('Danish')")


def test_pick_an_example_upload_a_file_and_deal_a_random_one(page):
    page.eval_on_selector("#auto-solve", "box => { box.checked = false; }")
    page.select_option("#example", "french5_garde")
    page.wait_for_function("document.querySelector('#nav-where').textContent === 'card 0 of 75'")
    assert _hands(page, 5) == at_trick(load_example("french5_garde"), 1).hands
    page.select_option("#random-variant", "koenigrufen")
    page.select_option("#random-contract", "solodreier")
    page.fill("#random-seed", "7")
    page.click("#random-form button")
    page.wait_for_function("(document.querySelector('#deal-info .title')?.textContent || '').includes('Solodreier')")
    assert _hands(page, 4) == random_position("koenigrufen", "solodreier", seed=7).hands
    game = load_example("slovenian3_three")
    page.set_input_files("#upload", files=[{"name": "game.json", "mimeType": "application/json",
                                            "buffer": json.dumps(game.to_json()).encode()}])
    page.wait_for_function("document.querySelector('#nav-where').textContent === 'card 0 of 48' && "
                           "document.querySelectorAll('#table .seat').length === 3")
    assert _hands(page, 3) == at_trick(game, 1).hands


def test_click_a_card_and_the_values_update(page, server):
    game = load_example("slovenian4_three")
    pos = at_trick(game, 6)  # seat 3 (defence) to play: D4 holds the declarer side to 40 1/3
    _open(page, server, game, len(pos.move_stack))
    assert _values(page, len(pos.legal_moves)) == _expected_values(pos) == {
        "SJ": "−1", "HQ": "−1", "D4": "40⅓", "CQ": "−1", "T10": "−5⅓", "T16": "−5⅓", "T21": "−4⅓"}
    page.wait_for_function("document.querySelector('#solve-result .value').textContent === '40 1/3 points'")
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "viewer.png"))
    page.click('.seat.to-move button.card[data-token="T10"]')  # the record's card, 5 1/3 points given away
    pos.play("T10")
    _wait_at(page, len(pos.move_stack), len(game.move_stack))
    assert page.get_attribute(".seat.to-move", "data-seat") == str(pos.to_move)
    assert _values(page, len(pos.legal_moves)) == _expected_values(pos)
    page.wait_for_function("document.querySelector('#solve-result .value').textContent === '45 2/3 points'")
    assert page.is_hidden("#reset-button")  # still the game as loaded


def test_step_back_and_forward(page, server):
    game = load_example("french4_garde")
    at = len(at_trick(game, 12).move_stack)
    _open(page, server, game, at)
    total = len(game.move_stack)
    for press, where in (("#nav-back", at - 1), ("#nav-forward", at), ("#nav-trick-back", at - 4),
                         ("#nav-trick-forward", at), ("#nav-trick-forward", at + 4), ("#nav-end", total),
                         ("#nav-start", 0)):
        page.click(press)
        _wait_at(page, where, total)
        shown = Position.from_json(dict(game.to_json(), play=" ".join(game.move_stack[:where])))
        assert _hands(page, game.players) == shown.hands, (press, where)
    page.keyboard.press("ArrowRight")
    _wait_at(page, 1, total)
    page.keyboard.press("ArrowLeft")
    _wait_at(page, 0, total)
    page.select_option("#nav-trick", label="trick 17")
    _wait_at(page, len(at_trick(game, 17).move_stack), total)
    page.click('#tricks tr[data-trick="3"]')
    _wait_at(page, 8, total)


def test_share_the_url_and_reload_it(page, server, browser):
    game = load_example("koenigrufen_rufer")
    pos = at_trick(game, 11)
    _open(page, server, game, len(pos.move_stack))
    other = next(card for card in pos.legal_moves if card != game.move_stack[len(pos.move_stack)])
    page.click('.seat.to-move button.card[data-token="%s"]' % other)  # leave the record: a new line of play
    pos.play(other)
    _wait_at(page, len(pos.move_stack), len(pos.move_stack))
    assert page.is_visible("#reset-button")
    page.click("#nav-back")
    _wait_at(page, len(pos.move_stack) - 1, len(pos.move_stack))
    shared = page.url
    hands = _hands(page, 4)
    fresh = browser.new_page()
    try:
        fresh.goto(shared)
        _wait_at(fresh, len(pos.move_stack) - 1, len(pos.move_stack))
        assert _hands(fresh, 4) == hands and fresh.url == shared
        fresh.reload()
        _wait_at(fresh, len(pos.move_stack) - 1, len(pos.move_stack))
        fresh.click("#nav-forward")
        _wait_at(fresh, len(pos.move_stack), len(pos.move_stack))
        assert _hands(fresh, 4) == pos.hands
    finally:
        fresh.close()


def test_a_broken_deal_shows_the_projects_message(page):
    game = load_example("french5_garde")
    record = game.move_stack
    wrong = dict(game.to_json(), play=" ".join(record[:1] + [record[5]] + record[2:]))  # another seat's card
    with pytest.raises(TarokError) as info:
        Position.from_json(wrong)
    text = game.to_line().replace(" ".join(record), " ".join(wrong["play"].split()))
    page.fill("#deal-text", text)
    page.click("#load-button")
    page.wait_for_selector("#load-error:not([hidden])")
    assert page.inner_text("#load-error") == str(info.value)
    assert "seat 1" in str(info.value) and "trick 1" in str(info.value)
    page.fill("#deal-text", "french5 garde; declarer 4; hands S6 S4")
    page.click("#load-button")
    page.wait_for_function("document.querySelector('#load-error').textContent.includes('french5 needs 5 hands')")
    assert not page.is_visible("#viewer")  # nothing was loaded: no half-drawn table


def test_a_long_solve_narrows_its_bounds_and_can_be_cancelled(page, server):
    game = load_example("french3_garde")
    page.eval_on_selector("#limit", "select => { select.value = '30s'; }")
    _open(page, server, game, 0)  # a whole deal: minutes to solve
    page.wait_for_function("document.querySelector('#solve-status').textContent.startsWith('Searching: between')")
    page.wait_for_selector(".bounds-bar span")
    page.click("#cancel-button")
    page.wait_for_function("document.querySelector('#solve-status').textContent === 'Cancelled: cancelled.'")
    deadline = time.monotonic() + 5
    while server["pool"].busy and time.monotonic() < deadline:  # the closed stream stopped the search
        time.sleep(0.05)
    assert server["pool"].busy == 0


def test_play_the_best_card_and_the_optimal_line(page, server):
    game = load_example("french5_garde")
    pos = at_trick(game, 13)
    _open(page, server, game, len(pos.move_stack))
    _values(page, len(pos.legal_moves))
    r = solve(pos, all_cards=True, line=True)
    page.click("#best-button")
    _wait_card(page, len(pos.move_stack) + 1)
    pos.play(r.line[0])
    _values(page, len(pos.legal_moves))
    page.click("#line-button")
    page.wait_for_function("document.querySelector('#solve-status').textContent.startsWith('Play is over')")
    points = page.inner_text('#score .party[data-party="0"] .points')
    assert points == "%s points" % pos.variant.format_units(r.value)


def test_analyse_a_game(page, server):
    """README's analysis of the bundled four-player game from trick 5, as a chart and a list."""
    game = load_example("slovenian4_three")
    page.eval_on_selector("#auto-solve", "box => { box.checked = false; }")
    _open(page, server, game, 0)
    page.select_option("#analyse-from", "5")
    page.click("#analyse-button")
    page.wait_for_function("document.querySelector('#analyse-status').textContent.startsWith('Done')")
    assert page.inner_text("#analyse-status").startswith("Done: 32 cards, 8 mistakes")
    assert page.locator("#chart path.value-line").count() == 1 and page.locator("#chart circle.mistake").count() == 8
    assert page.inner_text("#mistakes li >> nth=0") == "trick 5, seat 2 played T13: lost 1 (best 10♣ T20 T18: 37 1/3)"
    page.click("#mistakes li >> nth=4")  # trick 7: seat 2's T11 (C10 was best)
    at = game.move_stack.index("T11")
    _wait_at(page, at, len(game.move_stack))
    page.wait_for_selector("#chart line.cursor", state="attached")  # the chart marks where the page is
    page.click("#solve-button")
    assert _values(page, len(at_trick(game, 7).legal_moves))["C10"] == "41⅓"
    if SHOTS:
        page.locator(".analysis-panel").screenshot(path=str(Path(SHOTS) / "analysis.png"))
