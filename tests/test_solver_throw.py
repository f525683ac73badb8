"""The order of the cards a seat gives to a trick it does not win (solver/_moves.pxd, throw_rank):
where no card counts more than another, a discard from a suit in which the seat can win no
trick goes first, so that the cards guarding a possible winner stay.  It orders moves only:
the value must not change, and the node count shows that it works (node counts are exact,
the same on every machine)."""

from solver import Position
from solver.search import Solver

# benchmarks/bench_solver.py's dominant French 5-player hand 1 (seed 1): the declarer (seat 3)
# holds T21-T14, the Excuse and three kings, his partner the called CK.  The diamonds D10 D5
# need the partner's ruffs, which the defenders' T13 can beat, and his trumps fall to the
# declarer's trump leads: valat fails.  Decided in 3,544,120 nodes (2,405,513 before a trick
# count's followers tried the highest card that wins now first); before, when a thrown card
# was simply the lowest, a defender threw away the guards of his winners and the valat was
# still undecided after 222 M nodes (32 s).
FRENCH5_DOMINANT = (
    "french5 garde_contre; declarer 3; called_king CK; hands SQ S3 HJ H9 H7 H5 D3 CJ C6 C5 T13 T9 T8 T4 T2 / "
    "S8 S5 S2 S1 HQ HN H6 H1 CK C8 C4 C3 C2 T12 T11 / SN S10 S6 S4 H3 H2 DQ DN D9 D6 D4 D2 C10 C7 T3 / "
    "SK HK DK D10 D5 C9 T21 T20 T19 T18 T17 T16 T15 T14 EX / SJ S9 S7 H10 H8 DJ D8 D7 D1 CQ C1 T10 T7 T6 T5; "
    "defence_pile H4 CN T1")


def test_a_valats_defenders_keep_the_guards_of_their_winners():
    pos = Position.from_line(FRENCH5_DOMINANT)
    r = Solver(16).solve(pos, "valat", limit=10_000_000)
    assert r.exact and r.value is False, (r.bounds, r.nodes)
    assert r.nodes < 8_000_000, r.nodes
    assert Solver(16).solve(pos, "win").value is True  # (the contract itself is made by force)
