"""Every kind of bad input raises its own TarokError subclass (a ValueError) naming the problem."""

import json

import pytest

from solver import Position
from solver.deal import random_position
from solver.errors import (
    AnnouncementError,
    CardCountError,
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    IllegalDiscardError,
    IllegalMoveError,
    NotationError,
    OptionError,
    SeatError,
    TarokError,
    UnknownCardError,
    UnknownContractError,
    UnknownVariantError,
)
from solver.variants import get_variant

BASE = random_position("slovenian4", "three", seed=3).to_json()
# seat 0: SK S10 HN H2 DQ D1 D3 CK CN CJ C9 T2      seat 1: SQ SN S9 S8 H1 DN D2 C7 T22 T19 T8 T1
# seat 2 (declarer): DK DJ C10 T20 T18 ...          seat 3: SJ S7 HQ HJ D4 CQ T21 ...
# declarer_pile H3 H4 C8, defence_pile HK T6 T3, called CK (seat 0 is the partner)


def deal(**changes):
    data = json.loads(json.dumps(BASE))
    data.update(changes)
    return data


def hands_with(seat, old, new):
    hands = list(BASE["hands"])
    hands[seat] = hands[seat].replace(old, new)
    return hands


def raises(exc, data, *words):
    with pytest.raises(exc) as info:
        Position.parse(data) if isinstance(data, str) else Position.from_json(data)
    message = str(info.value)
    for word in words:
        assert word in message, (word, message)
    assert isinstance(info.value, TarokError) and isinstance(info.value, ValueError)
    return info.value


def test_base_deal_is_legal():
    assert Position.from_json(BASE).hand(0)[:2] == ["SK", "S10"]


def test_every_error_is_a_value_error():
    for cls in (NotationError, UnknownCardError, CardNotInDeckError, DuplicateCardError, CardCountError,
                HandSizeError, UnknownVariantError, UnknownContractError, SeatError, IllegalDiscardError,
                AnnouncementError, OptionError, IllegalMoveError):
        assert issubclass(cls, TarokError) and issubclass(cls, ValueError)
    assert issubclass(UnknownCardError, NotationError)


def test_unknown_variant():
    raises(UnknownVariantError, deal(variant="bridge"), "'bridge' is not a variant", "slovenian4", "danish")
    with pytest.raises(UnknownVariantError):
        get_variant("tarot5")


def test_unknown_card():
    raises(UnknownCardError, deal(hands=hands_with(0, "SK", "ZK")), "'ZK' is not a card")
    raises(UnknownCardError, deal(play="SK XQ"), "'XQ'")


@pytest.mark.parametrize("variant, seat, old, new, words", [
    ("slovenian4", 0, "SK", "S2", ["S2", "54 cards"]),
    ("slovenian4", 0, "SK", "EX", ["EX", "T22"]),
    ("french4", 0, None, "T22", ["T22", "EX"]),
    ("danish", 0, None, "T22", ["T22"]),
    ("slovenian4", 0, "SK", "H5", ["H5"]),
])
def test_card_not_in_deck(variant, seat, old, new, words):
    data = BASE if variant == "slovenian4" else random_position(variant, seed=1).to_json()
    hands = list(data["hands"])
    first = hands[seat].split()[0]
    hands[seat] = hands[seat].replace(old or first, new, 1)
    raises(CardNotInDeckError, dict(data, hands=hands), *words)


def test_duplicate_card():
    raises(DuplicateCardError, deal(hands=hands_with(0, "SK", "SK SK")), "SK appears twice in seat 0's hand")
    raises(DuplicateCardError, deal(hands=hands_with(0, "SK", "SQ")), "SQ is both in seat 0's hand and in seat 1's hand")
    raises(DuplicateCardError, deal(declarer_pile="H3 H4 T21"), "T21", "declarer_pile")


def test_missing_cards():
    raises(CardCountError, deal(hands=hands_with(0, "SK ", ""), composed=True), "SK", "nowhere")
    e = raises(CardCountError, deal(declarer_pile="H3 H4"), "C8")
    assert "1 card of the slovenian4 deck is nowhere" in str(e)


def test_talon_pile_sizes():
    # three: the declarer takes 3 talon cards; here 4 are in his pile and 2 for the defence
    raises(CardCountError, deal(declarer_pile="H3 H4 C8 HK", defence_pile="T6 T3"),
           "needs 3 cards in declarer_pile, got 4")
    data = random_position("slovenian4", "klop", seed=1).to_json()
    raises(CardCountError, dict(data, talon=None, seat_piles=["", "", data["talon"], ""]),
           "needs 6 cards in talon, got 0")


def test_talon_size_message_names_seat_piles():
    data = random_position("slovenian4", "klop", seed=1).to_json()
    raises(CardCountError, dict(data, talon=None, seat_piles=[data["talon"], "", "", ""]),
           "needs 6 cards in talon, got 0")


def test_wrong_hand_size():
    moved = hands_with(0, "SK ", "")
    moved[1] += " SK"
    raises(HandSizeError, deal(hands=moved), "seat 0 holds 11 cards", "12")
    raises(HandSizeError, deal(hands=BASE["hands"][:3]), "needs 4 hands", "got 3")
    unequal = deal(hands=moved, composed=True, tricks_taken=[0, 0, 0, 0])
    raises(HandSizeError, unequal, "equal hands")


def test_bad_contract():
    raises(UnknownContractError, deal(contract="garde"), "'garde' is not a contract of slovenian4", "three")
    raises(UnknownContractError, dict(random_position("french4", seed=1).to_json(), contract="three"),
           "french4", "garde_contre")


def test_seats():
    raises(SeatError, deal(declarer=4), "declarer seat 4 is out of range", "0-3")
    raises(SeatError, deal(declarer=-1), "out of range")
    raises(SeatError, deal(declarer=None), "needs a declarer")
    raises(SeatError, deal(called_king="SQ"), "must be a king", "SQ")
    raises(SeatError, deal(called_king=None), "called king")
    raises(SeatError, deal(partner=1), "does not hold the called king CK")
    klop = random_position("slovenian4", "klop", seed=1).to_json()
    raises(SeatError, dict(klop, declarer=1), "no declarer")
    dreier = random_position("koenigrufen", "dreier", seed=1).to_json()
    raises(SeatError, dict(dreier, called_king="HK"), "no partner")


def test_illegal_discard():
    # give the declarer's discard C8 to seat 0 and put seat 0's king SK in the declarer's pile
    e = raises(IllegalDiscardError, deal(hands=hands_with(0, "SK", "C8"), declarer_pile="H3 H4 SK"),
               "SK may not be discarded", "kings", "SI-6.4")
    assert isinstance(e, IllegalDiscardError)
    french = random_position("french4", "garde", seed=1).to_json()
    pile = french["declarer_pile"].split()
    hands = list(french["hands"])
    holder = next(s for s, h in enumerate(hands) if "EX" in h.split())
    hands[holder] = hands[holder].replace("EX", pile[0])
    raises(IllegalDiscardError, dict(french, hands=hands, declarer_pile=" ".join(["EX"] + pile[1:])),
           "EX may not be discarded", "bouts", "FR-6.3")


def test_illegal_moves_name_card_seat_trick_rule():
    pos = Position.from_json(BASE)
    pos.play("H2")
    with pytest.raises(IllegalMoveError) as info:
        pos.play("T22")
    e = info.value
    assert (e.card, e.seat, e.trick, e.rule) == ("T22", 1, 1, "SI-3.1")
    assert "seat 1 may not play T22 in trick 1: must follow hearts (SI-3.1)" in str(e)
    assert "legal: H1" in str(e)
    with pytest.raises(IllegalMoveError, match="SK is not in seat 1's hand .trick 1.: seat 0 holds it"):
        pos.play("SK")
    with pytest.raises(IllegalMoveError, match="H2 is not in seat 1's hand .trick 1.: it was already played"):
        pos.play("H2")
    with pytest.raises(IllegalMoveError, match="only a led Danish skus is named"):
        pos.play("H1:S")
    e = raises(IllegalMoveError, deal(play="H2 T22"), "T22", "seat 1", "trick 1", "SI-3.1")
    assert e.rule == "SI-3.1"


def test_illegal_after_play_is_over():
    pos = random_position("slovenian4", "beggar", seed=2)
    while not pos.is_over:
        pos.play(pos.legal_moves[-1])
    with pytest.raises(IllegalMoveError, match="play is over"):
        pos.play("SK")


def test_danish_skus_naming_and_demand():
    pos = random_position("danish", seed=6)  # seat 0 holds the skus and leads
    assert "EX:H" in pos.legal_moves
    with pytest.raises(IllegalMoveError, match="DK-3.5") as info:
        pos.play("EX")
    assert info.value.rule == "DK-3.5"
    with pytest.raises(IllegalMoveError, match="trick 23"):
        pos.play("DEMAND")
    with pytest.raises(IllegalMoveError, match="only in Danish"):
        Position.from_json(BASE).play("DEMAND")


def test_options():
    raises(OptionError, deal(options={"colour": 1}), "'colour' is not a rule option of slovenian4",
           "early_end")
    raises(OptionError, deal(options={"early_end": "no"}), "early_end", "not 'no'")
    raises(OptionError, deal(options={"must_beat_contracts": ["klop", "three"]}), "three not among")


def test_announcements():
    raises(AnnouncementError, deal(announcements=["bogus"]), "'bogus' is not an announcement of slovenian4")
    beggar = random_position("slovenian4", "beggar", seed=1).to_json()
    raises(AnnouncementError, dict(beggar, announcements=["trula"]), "trula cannot be announced")


@pytest.mark.parametrize("data, words", [
    ('{"variant": "slovenian4", ', ["not valid JSON", "line 1"]),
    ("[1, 2]", None),
    ({"hands": []}, ["needs 'variant'"]),
    ({"variant": "slovenian4"}, ["needs 'hands'"]),
    ({"variant": "slovenian4", "hands": [], "colour": "x"}, ["unknown field 'colour'"]),
    ("slovenian4 three; declarer 1; stuff 2; hands SK", ["unknown field 'stuff'"]),
    (dict(BASE, tricks_taken=[1, 0, 0, 0]), ["tricks_taken adds up to 1"]),
    (dict(BASE, hands=[h.split()[:6] for h in BASE["hands"]], composed=True, declarer_pile=None,
          defence_pile=" ".join(BASE["defence_pile"].split() + BASE["declarer_pile"].split()
                                + [c for h in BASE["hands"] for c in h.split()[6:]])),
     ["with 6 tricks already played needs tricks_taken"]),
])
def test_notation_errors(data, words):
    if data == "[1, 2]":
        with pytest.raises(NotationError, match="JSON object"):
            Position.from_json(data)
        return
    raises(NotationError, data, *words)
