"""Card notation (every accepted alias), canonical output, JSON <-> one-line round trips."""

import json
import random

import pytest

from solver import Position
from solver.cards import DECK_54, DECK_DANISH, DECK_FRENCH, canonical_token, format_hand, parse_card, parse_cards
from solver.deal import random_position
from solver.errors import CardNotInDeckError, NotationError, UnknownCardError
from solver.variants import VARIANTS


def tok(text, deck=DECK_54):
    return deck.tokens[parse_card(text, deck)]


# ------------------------------------------------------------------ cards

@pytest.mark.parametrize("text, want", [
    # suits as letters, symbols (filled and hollow), symbol after the rank, lower case
    ("SK", "SK"), ("sk", "SK"), ("♠K", "SK"), ("♤k", "SK"), ("K♠", "SK"),
    ("♥Q", "HQ"), ("♡Q", "HQ"), ("Q♥", "HQ"), ("♦J", "DJ"), ("♢J", "DJ"),
    ("♣N", "CN"), ("♧N", "CN"), ("N♣", "CN"), (" hk ", "HK"),
    # queen: Q, D (Dame/dama)
    ("HD", "HQ"), ("hd", "HQ"),
    # knight: N, C (cavalier), KN, R (Reiter), CV (caval)
    ("SC", "SN"), ("SKN", "SN"), ("SR", "SN"), ("SCV", "SN"), ("♣C", "CN"), ("CC", "CN"),
    # jack: J, B (Bube/bonde), F (fant), V (valet)
    ("DB", "DJ"), ("DF", "DJ"), ("DV", "DJ"), ("CV", "CJ"),
    # pips, A = 1
    ("S7", "S7"), ("C10", "C10"), ("H1", "H1"), ("HA", "H1"), ("♦A", "D1"), ("d4", "D4"), ("S07", "S7"),
    # trumps by number, with Roman numerals, with T + Roman numeral
    ("T1", "T1"), ("t21", "T21"), ("T05", "T5"), ("I", "T1"), ("IV", "T4"), ("IIII", "T4"),
    ("IX", "T9"), ("XIV", "T14"), ("xxi", "T21"), ("XXII", "T22"), ("TXV", "T15"),
    # named trumps
    ("pagat", "T1"), ("Petit", "T1"), ("mond", "T21"), ("MONDO", "T21"),
    ("uhu", "T2"), ("pelikan", "T3"), ("quapil", "T4"),
    # the 22nd card of the 54-card games
    ("T22", "T22"), ("škis", "T22"), ("skis", "T22"), ("Sküs", "T22"), ("skus", "T22"),
    ("skys", "T22"), ("excuse", "T22"), ("*", "T22"),
])
def test_aliases_54(text, want):
    assert tok(text) == want


@pytest.mark.parametrize("text, want", [
    ("EX", "EX"), ("ex", "EX"), ("excuse", "EX"), ("Excuse", "EX"), ("fool", "EX"), ("*", "EX"),
    ("skus", "EX"), ("škis", "EX"), ("Sküs", "EX"),
    ("S1", "S1"), ("SA", "S1"), ("S2", "S2"), ("H5", "H5"), ("C10", "C10"), ("DC", "DN"),
    ("T1", "T1"), ("petit", "T1"), ("XXI", "T21"), ("mond", "T21"),
])
def test_aliases_french(text, want):
    assert tok(text, DECK_FRENCH) == want


def test_aliases_danish():
    assert [tok(t, DECK_DANISH) for t in ("skus", "EX", "♥A", "HK", "XXI", "pagat")] == [
        "EX", "EX", "H1", "HK", "T21", "T1"]


def test_every_canonical_token_reads_back():
    for deck in (DECK_54, DECK_FRENCH, DECK_DANISH):
        for card, token in enumerate(deck.tokens):
            assert parse_card(token, deck) == card
            assert parse_card(token.lower(), deck) == card


def test_roman_numerals_cover_every_trump():
    romans = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
              "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII"]
    for n, roman in enumerate(romans, 1):
        assert tok(roman) == "T%d" % n


def test_card_index_accepted():
    assert parse_card(0, DECK_54) == 0
    with pytest.raises(CardNotInDeckError, match="outside"):
        parse_card(54, DECK_54)


@pytest.mark.parametrize("text", ["ZZ", "S11", "S0", "KS7", "", "H", "XXIII", "SKK"])
def test_not_a_card(text):
    with pytest.raises(UnknownCardError):
        canonical_token(text, DECK_54)


@pytest.mark.parametrize("text, deck, want", [
    ("S2", DECK_54, "S2 is not a card of the 54"), ("H5", DECK_54, "H5"), ("C1", DECK_54, "C1"),
    ("EX", DECK_54, "T22, the škis"), ("T22", DECK_FRENCH, "special card of this deck is EX"),
    ("T23", DECK_54, "T23"), ("XXII", DECK_DANISH, "T22"),
])
def test_not_in_this_deck(text, deck, want):
    with pytest.raises(CardNotInDeckError, match=want):
        parse_card(text, deck)


def test_parse_cards_separators_and_canonical_hand():
    cards = parse_cards("t21, ♠k;hq  pagat\tškis S7", DECK_54)
    assert format_hand(cards, DECK_54) == "SK S7 HQ T22 T21 T1"
    assert parse_cards(["SK", "T1"], DECK_54) == [parse_card("SK", DECK_54), parse_card("T1", DECK_54)]
    assert parse_cards(None, DECK_54) == [] and parse_cards("  ", DECK_54) == []


def test_canonical_order_suits_then_trumps_highest_first():
    # red pips of the 54-card deck: 1 high .. 4 low; black: 10 high .. 7 low
    assert format_hand(parse_cards("H4 H1 HK H3 C7 CK C10 T1 T22 SJ", DECK_54), DECK_54) == \
        "SJ HK H1 H3 H4 CK C10 C7 T22 T1"
    assert format_hand(parse_cards("EX T1 T21 D1 D10 DK", DECK_FRENCH), DECK_FRENCH) == "DK D10 D1 T21 T1 EX"
    # Danish red pips: ace high
    assert format_hand(parse_cards("H10 H1 HJ", DECK_DANISH), DECK_DANISH) == "HJ H1 H10"


# ------------------------------------------------------------- positions

def _lenient(text):
    """The same deal spelled differently: lower case, suit symbols, commas."""
    out = []
    for t in text.split():
        t = t.lower()
        if t[0] in "shdc" and len(t) > 1:
            t = "♠♥♦♣"["shdc".index(t[0])] + t[1:]
        out.append(t)
    return ", ".join(out)


def test_lenient_position_is_written_canonically():
    p = random_position("slovenian4", "three", seed=5)
    data = p.to_json()
    lenient = dict(data, hands=[_lenient(h) for h in data["hands"]], declarer_pile=_lenient(data["declarer_pile"]),
                   defence_pile=data["defence_pile"].split(), called_king=data["called_king"].lower(),
                   declarer=str(data["declarer"]), contract="trojka", variant="Slovenian")
    q = Position.from_json(lenient)
    assert q.to_json() == data
    line = p.to_line().replace("three", "TROJKA")
    assert Position.from_line(line).to_line() == p.to_line()


def test_canonical_json_has_only_needed_fields():
    p = random_position("french4", "garde", seed=2)
    data = p.to_json()
    assert list(data) == ["variant", "contract", "declarer", "hands", "declarer_pile"]  # the whole dog
    for hand in data["hands"]:
        assert hand == format_hand(parse_cards(hand, DECK_FRENCH), DECK_FRENCH)
    p.play(p.legal_moves[0])
    assert p.to_json()["play"] == p.move_stack[0]


def _composed_from(p):
    """A composed endgame equal to ``p`` at its last trick boundary (piles from tricks won)."""
    v = p.variant
    data = {"variant": v.id, "contract": p.contract.id, "composed": True,
            "hands": [" ".join(h) for h in p.hands]}
    start = p.to_json()
    for key in ("declarer", "called_king", "talon", "skat", "options", "announcements"):
        if key in start:
            data[key] = start[key]
    if p.called_king is not None and p.partner is not None:
        data["partner"] = p.partner
    if p.contract.each_for_himself:
        skat = set(start.get("skat", "").split())
        data["seat_piles"] = [" ".join(c for c in p.pile(s) if c not in skat) for s in range(p.players)]
    else:
        data["declarer_pile"] = " ".join(p.pile(0))
        data["defence_pile"] = " ".join(p.pile(1))
    taken = [0] * p.players
    for t in p.tricks:
        taken[t.winner] += 1
    data["tricks_taken"] = taken
    return Position.from_json(data)


def _round_trip(p):
    data = p.to_json()
    line = p.to_line()
    from_line = Position.from_line(line)
    from_text = Position.from_json(json.dumps(data, ensure_ascii=False))
    assert Position.parse(line).to_json() == data
    for q in (from_line, from_text):
        assert q.to_json() == data
        assert q.to_line() == line
        assert q.hands == p.hands
        assert q.legal_moves == p.legal_moves
        assert q.to_move == p.to_move
        assert [q.points(i) for i in range(len(q.parties))] == [p.points(i) for i in range(len(p.parties))]
        assert q.tricks == p.tricks


ALL_CONTRACTS = [(v.id, c) for v in VARIANTS.values() for c in v.contracts]


@pytest.mark.parametrize("variant, contract", ALL_CONTRACTS)
def test_round_trip_every_contract(variant, contract):
    for seed in range(3):
        p = random_position(variant, contract, seed=seed)
        first_leader = p.to_move
        _round_trip(p)  # start of play
        rng = random.Random(seed)
        stop = rng.randrange(1, p.n_tricks * p.players)
        moves = 0
        while not p.is_over and moves < stop:
            p.play(rng.choice(p.legal_moves))
            moves += 1
        _round_trip(p)  # mid-game (often mid-trick), or over
        # Back to a trick boundary where the first leader of the deal leads again: the schema has
        # no leader field, so a composed endgame starts with the same lead as a full deal.
        while p.current_trick or p.is_over or (p.tricks and p.to_move != first_leader):
            p.undo()
        if p.tricks:
            q = _composed_from(p)
            assert q.hands == p.hands and q.to_move == p.to_move
            assert [q.tricks_won(i) for i in range(len(q.parties))] == \
                [p.tricks_won(i) for i in range(len(p.parties))]
            _round_trip(q)
            q.play(q.legal_moves[-1])
            _round_trip(q)


def test_round_trip_with_options_and_announcements():
    p = random_position("koenigrufen", "rufer_pagat", seed=4, announcements=["uhu"],
                        options={"must_beat_mode": "beat_highest_of_category", "early_end": False})
    line = p.to_line()
    assert "options early_end=false must_beat_mode=beat_highest_of_category" in line
    assert "announcements uhu@" in line and "pagat@" not in line  # implied by the contract
    _round_trip(p)
    q = random_position("slovenian4", "klop", seed=1, options={"si.must_beat_contracts": "klop,beggar"})
    assert q.to_json()["options"] == {"must_beat_contracts": ["klop", "beggar"]}
    _round_trip(q)


def _danish_game(seed, keep_skus):
    """A random Danish game; the skus is led (named) at once, or kept back as long as possible."""
    p = random_position("danish", seed=seed)
    rng = random.Random(seed)
    while not p.is_over:
        moves = p.legal_moves
        named = [m for m in moves if m.startswith("EX:")]
        others = [m for m in moves if not m.startswith("EX")]
        if keep_skus:
            move = rng.choice(others or moves)
        else:
            move = named[0] if named else rng.choice(moves)
        p.play(move)
        if keep_skus and p.trick_number == 23 and not p.current_trick and "DEMAND" not in p.move_stack:
            holder = next((s for s in range(3) if "EX" in p.hand(s)), None)
            if holder is not None and holder != p.to_move:
                p.play("DEMAND")
    return p


def test_danish_named_skus_round_trip():
    p = _danish_game(6, keep_skus=False)
    assert any(m.startswith("EX:") for m in p.move_stack)
    _round_trip(p)


def test_danish_demand_round_trip():
    games = (_danish_game(seed, keep_skus=True) for seed in range(40))
    p = next(g for g in games if "DEMAND" in g.move_stack)
    assert "EX" in [card for _, card in p.tricks[22].cards]  # the demanded skus fell in trick 23
    assert " DEMAND " in p.to_line()
    _round_trip(p)


def test_one_line_form_layout():
    p = random_position("slovenian4", "three", seed=3)
    line = p.to_line()
    assert line.startswith("slovenian4 three; declarer ")
    assert line.count(" / ") == 3
    assert Position.from_line(line.replace("; ", " ;\t")).to_line() == line


@pytest.mark.parametrize("bad, message", [
    ({"foo": 1}, "unknown field 'foo'"),
    ({"Hands": []}, "unknown field"),
    ({"hands": None, "hand": "SK"}, "unknown field 'hand'"),
])
def test_unknown_json_fields_rejected(bad, message):
    data = dict(random_position("slovenian4", seed=1).to_json(), **bad)
    with pytest.raises(NotationError, match=message):
        Position.from_json(data)


@pytest.mark.parametrize("line, message", [
    ("slovenian4 three; declarer 1; foo 3; hands SK", "unknown field 'foo'"),
    ("slovenian4 three; variant slovenian4; hands SK", "unknown field 'variant'"),
    ("slovenian4 three extra; hands SK", "only variant and contract"),
    ("slovenian4 three; hands SK; hands SK", "given twice"),
    ("slovenian4 three; declarer one; hands SK", "seat number"),
    ("slovenian4 three; declarer 1", "needs a 'hands' field"),
    ("", "starts with the variant"),
    ("slovenian4 klop; options early_end; hands SK", "key=value"),
    ("slovenian4 klop; composed yes please; hands SK", "composed takes no value"),
    ("slovenian4 klop; tricks_taken a b; hands SK", "whole number"),
])
def test_bad_one_line_forms(line, message):
    with pytest.raises(NotationError, match=message):
        Position.from_line(line)


@pytest.mark.parametrize("field, value", [
    ("hands", "SK S7"), ("hands", [1, 2, 3, 4]), ("play", 5), ("play", ["SK", 5]), ("options", ["x"]),
    ("announcements", "pagat_ultimo"), ("composed", "yes"), ("variant", 4), ("called_king", 3),
    ("declarer_pile", {"a": 1}),
])
def test_wrong_json_types_rejected(field, value):
    data = dict(random_position("slovenian4", seed=1).to_json(), **{field: value})
    with pytest.raises(NotationError, match="field '%s' takes" % field):
        Position.from_json(data)


def test_trump_zero_is_not_a_card_anywhere():
    with pytest.raises(UnknownCardError, match="T0"):
        parse_card("T0", DECK_54)
