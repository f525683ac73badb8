"""Known answers from outside the code: the seeds' published numbers, written here as literals.

Nothing is imported from the modules under test: every requirement, threshold and value
below is the seed's own number (quoted), and each is held at its boundary — the exact
number and one unit less — through every path that uses it: the solver's ``win`` goal on
an endgame whose last trick decides it, the settlement of the finished deal, and the
independent reference (tests/reference.py).  A table, threshold or requirement changed in
one place therefore fails here several times over.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

import reference  # noqa: E402
from helpers import composed, rest_of_deck  # noqa: E402

from solver import Position, Solver  # noqa: E402

TRICKS = {"french3": 24, "french4": 18, "french5": 15, "slovenian4": 12, "slovenian3": 16, "koenigrufen": 12}
# Card values in the variant's unit, as the seeds list them (thirds / half points).
THIRDS = {"K": 13, "Q": 10, "N": 7, "J": 4}  # [001] König 4 1/3, Dame 3 1/3, Reiter 2 1/3, Bube 1 1/3, andere 1/3
HALVES = {"K": 9, "Q": 7, "N": 5, "J": 3}  # [004] kungar 4,5, damar 3,5, riddare 2,5, knektar 1,5, övriga 0,5


def units(tok, per_court, bout_value, bouts):
    if tok in bouts:
        return bout_value
    return per_court.get(tok[1:], 1) if tok[0] in "SHDC" else 1


def fill(variant, used, target, value_of, avoid=()):
    """Cards of the deck not in ``used`` (nor ``avoid``) adding up to exactly ``target`` units,
    high cards first."""
    pile = []
    for tok in sorted(rest_of_deck(variant, *used).split(), key=lambda t: -value_of(t)):
        if tok not in avoid and value_of(tok) <= target:
            pile.append(tok)
            target -= value_of(tok)
    assert target == 0, "cannot fill exactly"
    return pile


def last_trick(variant, contract, hands, pile, target, value_of, leader=0, avoid=(), **kw):
    """A composed endgame of one card a hand, seat 0 declaring: its pile holds ``pile`` plus
    other cards up to ``target`` units before the last trick; the defence holds the rest."""
    pile = list(pile) + fill(variant, list(hands) + list(pile), target - sum(map(value_of, pile)), value_of,
                             avoid=avoid)
    defence = rest_of_deck(variant, *hands, *pile)
    n = len(hands)
    before = TRICKS[variant] - 1  # every seat has won some earlier trick: no valat, no chelem
    taken = [before - (n - 1) * (before // n)] + [before // n] * (n - 1)
    return Position.from_json(dict(
        variant=variant, contract=contract, declarer=0, composed=True, leader=leader, hands=list(hands),
        declarer_pile=" ".join(pile), defence_pile=defence, tricks_taken=taken, **kw))


def contract_line(pos):
    return next(line.amount for line in pos.settlement().lines if line.item == "contract")


def three_ways(pos, made):
    """The solver's win goal, the reference's, and then the finished deal's own."""
    assert Solver(8).solve(pos, "win").value is made
    assert reference.value(reference.Game(pos.to_json()), pos.parties[0], "win") == made
    while not pos.is_over:
        pos.play(pos.legal_moves[0])
    assert reference.Game(pos.to_json()).achieved("win", 0) is made
    return pos


# ------------------------------------------------------------------ French Tarot [004]

# [004]: "Tre bouts: Minst 36 kortpoäng / Två bouts: Minst 41 / En bout: Minst 51 / Ingen bout:
# Minst 56" — in half points, by the bouts the preneur ends with.
FR_REQUIREMENT = {3: 72, 2: 82, 1: 102, 0: 112}
FR_BOUTS = ("T1", "T21", "EX")


def fr_units(tok):
    return units(tok, HALVES, 9, FR_BOUTS)


def fr_endgame(variant, bouts, target, captured):
    """The preneur (seat 0, alone) ends with ``bouts`` bouts and ``target`` half points.  His
    T15 wins the last trick; ``captured``: one of the bouts falls to it in that trick (a
    defender's T1), so the requirement is decided by the last card."""
    n = int(variant[-1])
    hands = ["T15", "T1" if captured else "T2"] + ["S%d" % (s + 1) for s in range(n - 2)]
    last = sum(fr_units(tok) for tok in hands)  # the last trick: the preneur's
    held = ["T21", "EX"][:bouts - 1] if captured else ["T1", "T21", "EX"][:bouts]
    others = [b for b in FR_BOUTS if b not in held and b not in hands]
    king = {"called_king": "SK"} if n == 5 else {}  # FR-6.5: not in a hand, so he plays alone
    return last_trick(variant, "garde", hands, held, target - last, fr_units, avoid=others, **king)


@pytest.mark.parametrize("variant", ["french3", "french4", "french5"])
@pytest.mark.parametrize("bouts, captured", [(b, False) for b in range(4)] + [(b, True) for b in (1, 2, 3)],
                         ids=["%d-held" % b for b in range(4)] + ["%d-one-in-the-last-trick" % b for b in (1, 2, 3)])
def test_FR_6_4_requirement_by_bouts(variant, bouts, captured):
    need = FR_REQUIREMENT[bouts]
    made = three_ways(fr_endgame(variant, bouts, need, captured), True)
    assert made.points(0) == need and sum(tok in made.pile(0) for tok in FR_BOUTS) == bouts
    short = three_ways(fr_endgame(variant, bouts, need - 1, captured), False)  # half a point short
    assert short.points(0) == need - 1
    # FR-8 [004] "Börja med 25 poäng och lägg till skillnaden", × 2 for garde: what each defender pays
    assert contract_line(made) == 50 and contract_line(short) == -51


def test_FR_8_worked_example_garde_56_points_two_bouts_240():
    """[004]: "Garde, 56 kortpoäng och två bouts … Kravet är 41 och skillnaden 15 … 25 plus 15,
    alltså 40 … 40 gånger 2, alltså 80 från varje motståndare … Totalt för preneur 240"."""
    pos = three_ways(fr_endgame("french4", 2, 112, captured=False), True)
    assert contract_line(pos) == 80
    assert pos.points(0) == 112
    assert pos.settlement().amounts == (240, -80, -80, -80)


def test_FR_5_2_pair_example_and_91_points():
    """[004]: "kung i ruter och 5 i hjärter i ett par blir paret värt 5 poäng"; "Hela leken
    summerar till 91 kortpoäng"."""
    pos = composed("french4", ["S1", "S2", "S3", "S4"], contract="garde", declarer_pile="DK H5")
    assert pos.points(0) == 10
    assert pos.points(0) + pos.points(1) + 4 == 182


# ------------------------------------------------------------------ Slovenian [002][003] and Königrufen [001]

SI_TRULA = ("T1", "T21", "T22")


def si_units(tok):
    return units(tok, THIRDS, 13, SI_TRULA)


def thirds_endgame(variant, contract, target, **kw):
    """Seat 0 declares and wins the last trick with T5 (4 cards of a third each, 3 with three
    players) and ends with ``target`` thirds; no trula, kings or honours for either side
    decide anything (they are split)."""
    n = 3 if variant == "slovenian3" else 4
    hands = ["T5", "S7", "H4", "D4"][:n]
    keep = ["T1", "SK", "HK"]  # the declarer's; T21, T22, DK, CK the defence's
    return last_trick(variant, contract, hands, keep, target - n, si_units,
                      avoid=["T21", "T22", "DK", "CK"], **kw)


@pytest.mark.parametrize("variant, contract", [("slovenian4", "solo_two"), ("slovenian3", "three"),
                                               ("koenigrufen", "dreier")])
def test_threshold_35_2_3(variant, contract):
    """[001] "Das Grundspiel gilt gewonnen ab 35 2/3 Punkten"; [003] "vähintään 36 pistettä";
    [002] "35 v vzetkih pomeni, da si zgubil": 107 thirds make it, 106 (35 1/3) do not."""
    three_ways(thirds_endgame(variant, contract, 107), True)
    lost = three_ways(thirds_endgame(variant, contract, 106), False)
    if variant == "koenigrufen":  # [001]: Dreier "Grundwert von 6", the single player pays each of three
        assert lost.settlement().amounts == (-18, 6, 6, 6)
    else:  # [002]: "35 v vzetkih … brez razlike": the game's value without difference
        assert lost.settlement().amounts[0] == {"solo_two": -50, "three": -10}[contract]


def test_SI_Q_SI1_35_and_a_card_option():
    """[002]: "V nekaterih krogih je za zmago dovolj … 35 točk + karta": 106 thirds make it."""
    opts = {"options": {"win_at_35_plus_card": True}}
    three_ways(thirds_endgame("slovenian4", "solo_two", 106, **opts), True)
    three_ways(thirds_endgame("slovenian4", "solo_two", 105, **opts), False)


@pytest.mark.parametrize("points, score", [(44, 59), (26, -59), (35, -50)])
def test_SI_8_worked_examples(points, score):
    """[002]: solo 2, "zbereš 44 … dobiš 59 točk; … 26 … -59 točk; 35 v vzetkih … -50 točk"."""
    pos = thirds_endgame("slovenian4", "solo_two", 3 * points)
    while not pos.is_over:
        pos.play(pos.legal_moves[0])
    assert pos.settlement().amounts[0] == score


def test_SI_5_4_group_of_three_example():
    """[003]: "Ryhmä kuningas, rouva ja matala kortti antaa … kahdeksan pistettä"; [002]:
    "Ves komplet kart je vreden 70 točk"."""
    pos = composed("slovenian4", ["S7", "S8", "S9", "S10"], contract="solo_two", declarer_pile="SK SQ C7")
    assert pos.points(0) == 24
    assert pos.points(0) + pos.points(1) + 4 == 210


def test_AT_5_3_absolut_45_1_3():
    """[001] "Absolut … mindestens 45 1/3 Punkte in den Stichen": 136 thirds, not 135."""
    values = {"values": {"absolut": 1}}
    for target, has in ((136, True), (135, False)):
        pos = thirds_endgame("koenigrufen", "dreier", target, **values)
        while not pos.is_over:
            pos.play(pos.legal_moves[0])
        assert ("absolut" in {x.item for x in pos.settlement().lines}) is has, target


def trischaken(loser_units):
    """Seat 1 ends with ``loser_units`` thirds, the most; the others little."""
    hands = ["S7", "S8", "S9", "H4"]  # seat 0 leads S7 ... seat 2's S9 wins: 4 thirds to seat 2
    pile = fill("koenigrufen", hands, loser_units, si_units)
    rest = rest_of_deck("koenigrufen", *hands, *pile).split()
    piles = ["", " ".join(pile), "", ""]
    taken = [3, 3, 3, 2]
    return Position.from_json(dict(variant="koenigrufen", contract="trischaken", composed=True,
                                   hands=hands, seat_piles=piles, talon=" ".join(rest), tricks_taken=taken))


def test_AT_8_7_buergermeister_32_points():
    """[001]: Trischaken "einen Wert von 2"; "Wenn der Verlierer 32 oder mehr Punkte in den Stichen
    hat ("Bürgermeister"), bezahlt er doppelt": 96 thirds pay 4 to each, 95 pay 2."""
    for loser, pays in ((96, 4), (95, 2)):
        pos = trischaken(loser)
        while not pos.is_over:
            pos.play(pos.legal_moves[0])
        assert pos.points(1) == loser
        assert pos.settlement().amounts == (pays, -3 * pays, pays, pays)


def finished(pos):
    while not pos.is_over:
        pos.play(pos.legal_moves[0])
    return pos


@pytest.mark.parametrize("points, score", [(44, 60), (38, 55), (37, 50), (26, -60)])
def test_SI_8_difference_rounded_to_the_nearest_5(points, score):
    """[003]: "Erotus on etäisyys 35 pisteestä pyöristettynä lähimpään viiteen … Jos puoli saa
    44 pistettä, etäisyys 35 pisteestä on yhdeksän, mikä pyöristetään kymmeneen"; solo two
    ("Solo two tuo viisikymmentä pistettä plus erotus"): 44 -> 50 + 10; a difference of 3
    rounds to 5, of 2 to 0."""
    pos = finished(thirds_endgame("slovenian4", "solo_two", 3 * points))
    assert pos.settlement(diff_round=5).amounts[0] == score


def test_AT_8_seed_values():
    """[001]: Ruferspiele "Grundwert 2", Dreierspiele "Grundwert von 6", "Solospiele zählen den
    doppelten Wert", Sechserdreier "im Verlustfall den Grundwert 12"; a single player receives
    from / pays each of the three, in 2 vs 2 each loser pays one winner the simple value."""
    rufer = finished(thirds_endgame("koenigrufen", "rufer", 107, called_king="SK", partner=2))
    assert rufer.settlement().amounts == (2, -2, 2, -2)
    assert finished(thirds_endgame("koenigrufen", "dreier", 107)).settlement().amounts == (18, -6, -6, -6)
    assert finished(thirds_endgame("koenigrufen", "solodreier", 106)).settlement().amounts == (-36, 12, 12, 12)
    assert finished(thirds_endgame("koenigrufen", "sechserdreier", 106)).settlement().amounts == (-36, 12, 12, 12)


DK_TARIFFS = [  # [000] "altså 10 P for 10 tarokker, 15 P for 11 tarokker, 20 P for 12 tarokker"
    ("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11", "tarokker 10", 10),
    ("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12", "tarokker 11", 15),
    ("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13", "tarokker 12", 20),
    # "altså 10 P for tre matadorer, 15 P for fire matadorer, 20 P for fem matadorer"
    ("T21 T1 EX", "matadorer 3", 10),
    ("T21 T1 EX T20", "matadorer 4", 15),
    ("T21 T1 EX T20 T19", "matadorer 5", 20),
    # "5 P for hver halve melding, 10 P for hver fuld melding og 15 P for hver sprøjtefuld melding"
    ("HK HQ HJ EX", "kavaleri H:half", 5),
    ("HK HQ HN HJ", "kavaleri H:full", 10),
    ("HK HQ HN HJ EX", "kavaleri H:sprojtefuld", 15),
    ("SK HK DK EX", "konger half", 5),
    ("SK HK DK CK", "konger full", 10),
]


@pytest.mark.parametrize("cards, declaration, pays", DK_TARIFFS, ids=[d for _, d, _ in DK_TARIFFS])
def test_DK_6_2_declaration_tariffs_in_the_settlement(cards, declaration, pays):
    """[000] "Spilleren modtager … fra hver af de to medspillere": seat 0 holds the cards of the
    declaration (the rest of the deal dealt in deck order) and is paid the seed's tariff by each
    of the other two."""
    from helpers import full
    pos = finished(full("danish", hands=[cards, "", ""]))
    lines = [(x.party, x.amount, x.why.split(": ")[0]) for x in pos.settlement().lines if x.item == "declaration"]
    assert (0, pays, declaration) in lines


# ------------------------------------------------------------------ the Excuse, solved [004]

def excuse_endgame(variant, hands, declarer_pile_units, leader=0):
    """A composed French garde: seat 0 declares; his pile holds ``declarer_pile_units`` half
    points (no bout), the defence the rest; both sides have won earlier tricks (no chelem)."""
    n = len(hands)
    pile = fill(variant, hands, declarer_pile_units, fr_units, avoid=("T1", "T21"))
    before = TRICKS[variant] - len(hands[0].split())
    taken = [before - (n - 1) * (before // n)] + [before // n] * (n - 1)
    return Position.from_json(dict(
        variant=variant, contract="garde", declarer=0, composed=True, leader=leader, hands=list(hands),
        declarer_pile=" ".join(pile), defence_pile=rest_of_deck(variant, *hands, *pile), tricks_taken=taken))


@pytest.mark.parametrize("variant, hands, leader", [("french4", ["S1", "EX", "S10", "S2"], 0),
                                                    ("french3", ["S1", "T21", "EX"], 1)],
                         ids=["a-partner's-10-wins", "a-partner's-21-wins"])
def test_FR_4_4_the_excuse_leaves_its_side_in_the_last_trick(variant, hands, leader):
    """[004] "I sista sticket byter ursäkten läger och lämnar laget som spelade den": a
    defender's Excuse in the last trick, won by his partner, goes to the preneur (4.5 points),
    no half point back; the preneur's own card goes to the defence."""
    pos = excuse_endgame(variant, hands, 100, leader)
    assert Solver(8).solve(pos, "points").value == 100 + 9
    assert reference.value(reference.Game(pos.to_json()), (0,), "points") == 100 + 9
    assert finished(pos).points(0) == 100 + 9 and pos.party_of(pos.tricks[-1].winner) == 1


def test_FR_4_3_the_excuse_returns_to_its_side_for_half_a_point():
    """[004] "Före sista sticket behåller laget ursäkten och ger ett kort värt 0,5 poäng till
    sticksvinnarna": the preneur leads S5 with two tricks left; the defender with EX H1 keeps
    his Excuse only by playing it now — it comes back to the defence, which gives the
    preneur's trick half a point (S5 S1 + 0.5, then S6 H1 S2: 3 + 3 half points); kept to
    the last trick it would leave the defence (S5 H1 S1, then S6 EX S2: 3 + 11)."""
    pos = excuse_endgame("french3", ["S5 S6", "EX H1", "S1 S2"], 100)
    pos.play("S5")
    r = Solver(8).solve(pos, "points", all_cards=True)
    assert (r.value, r.cards) == (106, {"EX": 106, "H1": 114})
    game = reference.Game(pos.to_json())
    assert reference.root_values(game, (0,), ["points"]) == ({"points": 106}, {"EX": {"points": 106},
                                                                               "H1": {"points": 114}})
    for card, total in (("EX", 106), ("H1", 114)):
        pos.play(card)
        assert finished(pos).points(0) == total
        assert finished(pos).points(1) == 182 - total  # FR-5: the deck's 91 points, all counted
        while pos.move_stack != ["S5"]:
            pos.undo()


def test_FR_4_4_the_taker_plays_his_excuse_before_the_last_trick():
    """The preneur holds the 21, the 20 and the Excuse with three tricks left, the defence
    having won tricks before.  Kept to the last trick the Excuse would leave him: 21 + 20 +
    four small cards = 14 half points.  Played before, it comes back for half a point to the
    defence's trick, and his two trumps still win the other two: 9 - 1 + 14 = 22."""
    pos = excuse_endgame("french3", ["T21 T20 EX", "S1 S2 S3", "H1 H2 H3"], 100)
    r = Solver(8).solve(pos, "points", all_cards=True, line=True)
    assert (r.value, r.cards) == (122, {"EX": 122, "T20": 122, "T21": 122})
    assert reference.value(reference.Game(pos.to_json()), (0,), "points") == 122
    for card in r.line:
        pos.play(card)
    assert pos.points(0) == 122 and "EX" not in dict(pos.tricks[-1].cards).values()
    for _ in r.line:
        pos.undo()
    for card in ("T21", "S1", "H1", "T20", "S2", "H2"):
        pos.play(card)
    assert finished(pos).points(0) == 114
