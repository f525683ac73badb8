"""Small helpers shared by the rule tests: hand-made (composed) endgames.

``composed(variant, hands, ...)`` builds a composed :class:`solver.Position` from a few
hand cards per seat and puts every remaining card of the deck in one pile, so a test
only spells out the cards that matter::

    p = composed("slovenian4", ["T1 SK", "T21 S7", "T22 S8", "T5 S9"], contract="beggar", declarer=0)

Where the rest of the deck goes (``rest``):

* team games: ``"defence"`` (default) or ``"declarer"`` pile;
* each-for-himself games (klop, Trischaken, Danish): a seat number (default 0);
* ``"talon"``: the ``talon`` field (games whose talon is unused).

Without ``contract`` the variant's default is used, or, when that needs a king call
and none is given, its first positive solo contract (Slovenian 4p solo three,
Königrufen Dreier).

Tricks played before the endgame are needed by the engine; unless ``tricks_taken`` is
given they are all credited to one seat of the party that receives the rest of the deck.
Explicit ``declarer_pile`` / ``defence_pile`` / ``seat_piles`` / ``talon`` / ``skat``
cards are placed first and the rest is added to the chosen pile.
"""

import io
import os

from solver import Position, get_variant
from solver.cards import format_hand, parse_cards

__all__ = [
    "Terminal",
    "cli_fails",
    "composed",
    "cpu_seconds",
    "full",
    "illegal_rule",
    "legal",
    "play_all",
    "processes",
    "rest_of_deck",
    "run_cli",
    "winner_of",
]


def rest_of_deck(variant, *groups):
    """Canonical text of the cards of ``variant``'s deck that are in none of ``groups``."""
    v = get_variant(variant)
    used = set()
    for g in groups:
        if g:
            used |= set(parse_cards(g, v.deck))
    return format_hand([c for c in range(v.deck.size) if c not in used], v.deck)


def composed(variant, hands, contract=None, declarer=None, rest=None, tricks_taken=None,
             declarer_pile=None, defence_pile=None, seat_piles=None, talon=None, skat=None,
             play=(), **kw):
    """A composed endgame with the given hands; all other cards go to one pile (see module doc)."""
    v = get_variant(variant)
    c = v.contract(contract) if contract is not None else v.contract(v.default_contract)
    if contract is None and c.called_king and "called_king" not in kw and "partner" not in kw:
        # the default contract needs a king call: use the first positive solo contract instead
        c = next((x for x in v.contracts.values() if x.kind == "positive" and not x.called_king), c)
    n = v.players
    assert len(hands) == n, "one hand per seat"
    hand_len = len(parse_cards(hands[0], v.deck))
    before = v.tricks - hand_len
    data = dict(variant=v.id, contract=c.id, hands=list(hands), composed=True, play=play, **kw)
    if not c.each_for_himself:
        data["declarer"] = 0 if declarer is None else declarer
    elif declarer is not None:
        raise ValueError("each-for-himself contracts have no declarer")
    fixed = list(hands) + [declarer_pile, defence_pile, talon, skat] + list(seat_piles or [])
    remaining = rest_of_deck(v.id, *fixed)

    def join(a, b):
        return " ".join(x for x in (a, b) if x)

    if rest is None:  # the earlier tricks: a valat still in play means the declarer took them all
        rest = 0 if c.each_for_himself else ("declarer" if c.kind == "valat" else "defence")
    if c.each_for_himself:
        piles = list(seat_piles) if seat_piles is not None else [""] * n
        if rest == "talon":
            talon = join(talon, remaining)
        else:
            piles[rest] = join(piles[rest], remaining)
        if any(piles):
            data["seat_piles"] = piles
        credit = rest if rest != "talon" else 0
    else:
        if rest == "declarer":
            declarer_pile = join(declarer_pile, remaining)
        elif rest == "defence":
            defence_pile = join(defence_pile, remaining)
        elif rest == "talon":
            talon = join(talon, remaining)
        else:
            raise ValueError("rest must be 'declarer', 'defence' or 'talon'")
        if declarer_pile:
            data["declarer_pile"] = declarer_pile
        if defence_pile:
            data["defence_pile"] = defence_pile
        decl = data["declarer"]
        partner_seat = kw.get("partner")
        side = {decl} | ({partner_seat} if partner_seat is not None else set())
        credit = decl if rest == "declarer" else next(s for s in range(n) if s not in side)
    if talon:
        data["talon"] = talon
    if skat:
        data["skat"] = skat
    if before:
        if tricks_taken is None:
            tricks_taken = [0] * n
            tricks_taken[credit] = before
        data["tricks_taken"] = list(tricks_taken)
    elif tricks_taken is not None:
        data["tricks_taken"] = list(tricks_taken)
    return Position.from_json(data)


def play_all(pos, tokens):
    """Play a whitespace-separated sequence of tokens; returns the position."""
    for tok in tokens.split() if isinstance(tokens, str) else tokens:
        pos.play(tok)
    return pos


def winner_of(pos, tokens):
    """Play ``tokens`` (one trick from the current point) and return the winning seat."""
    before = len(pos.tricks)
    play_all(pos, tokens)
    assert len(pos.tricks) == before + 1, "the tokens did not complete exactly one trick"
    return pos.tricks[-1].winner


def legal(pos):
    """The legal moves as a set of tokens."""
    return set(pos.legal_moves)


def illegal_rule(pos, token):
    """Play an illegal ``token`` and return the rule id of the IllegalMoveError (fails if legal)."""
    from solver.errors import IllegalMoveError
    try:
        pos.play(token)
    except IllegalMoveError as exc:
        return exc.rule
    raise AssertionError("%s was accepted but should be illegal" % token)


def full(variant, contract=None, hands=None, declarer=0, declarer_pile=None, defence_pile=None,
         talon=None, skat=None, seat_piles=None, **kw):
    """A complete (non-composed) deal at the start of play.

    ``hands`` lists, per seat, the cards that seat must hold (possibly none); the given
    pile fields are used as they are.  Every other card is dealt: first the pile/talon
    fields the contract needs are filled with low plain cards (no kings, no trumps), then
    the hands are filled up in deck order (in Slovenian Tarok after a low tarok for every
    seat that has none, SI-2.4).
    """
    from solver.cards import TRUMP
    from solver.variants import EXCHANGE, SKAT, SOLORUFER, TO_DECLARER, TO_DEFENCE, UNUSED
    v = get_variant(variant)
    c = v.contract(contract) if contract is not None else v.contract(v.default_contract)
    d = v.deck
    n = v.players
    hands = list(hands or [""] * n)
    given = {"declarer_pile": declarer_pile, "defence_pile": defence_pile, "talon": talon, "skat": skat}
    t = v.talon_size
    need = {EXCHANGE: {"declarer_pile": c.group, "defence_pile": t - c.group},
            TO_DEFENCE: {"defence_pile": t}, SOLORUFER: {"defence_pile": t},
            TO_DECLARER: {"declarer_pile": t}, UNUSED: {"talon": t}, SKAT: {"skat": t}}[c.talon]
    if c.talon == SOLORUFER and declarer_pile:  # the talon half holding the called king (AT-6.5)
        need = {"declarer_pile": 3, "defence_pile": 3}
    used = set()
    for g in hands + list(given.values()):
        if g:
            used |= set(parse_cards(g, d))
    free = [x for x in range(d.size) if x not in used]
    kings = {d.king(s) for s in range(4)}
    fillers = sorted((x for x in free if d.suit[x] < TRUMP and x not in kings), key=lambda x: (v.points[x], x))
    for field, size in need.items():
        have = len(parse_cards(given[field], d)) if given[field] else 0
        extra = fillers[:size - have]
        fillers = fillers[size - have:]
        for x in extra:
            free.remove(x)
        if have or extra:
            given[field] = " ".join(filter(None, [given[field] or "", format_hand(extra, d)]))
    if "no_tarok_redeal" in v.options:  # SI-2.4: a seat dealt no tarok makes a redeal
        for s in range(n):
            have = parse_cards(hands[s], d) if hands[s] else []
            if len(have) < v.hand_size and not any(d.suit[x] == TRUMP for x in have):
                tarok = next(x for x in free if d.suit[x] == TRUMP)
                free.remove(tarok)
                hands[s] = format_hand(have + [tarok], d)
    for s in range(n):
        have = parse_cards(hands[s], d) if hands[s] else []
        extra, free = free[:v.hand_size - len(have)], free[v.hand_size - len(have):]
        hands[s] = format_hand(have + extra, d)
    assert not free, "cards left over: %s" % format_hand(free, d)
    data = dict(variant=v.id, contract=c.id, hands=hands, **kw)
    if not c.each_for_himself:
        data["declarer"] = declarer
    for field, value in given.items():
        if value:
            data[field] = value
    if seat_piles is not None:
        data["seat_piles"] = seat_piles
    return Position.from_json(data)


def run_cli(capsys, *argv):
    """Run the CLI in-process: (exit status, stdout, stderr)."""
    from solver.cli import main
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def cli_fails(capsys, *argv, contains=()):
    """The CLI refuses: status 2, nothing on stdout, one 'tarokdd: error:' line naming ``contains``."""
    status, out, err = run_cli(capsys, *argv)
    assert status == 2, (status, out, err)
    assert out == ""
    assert err.startswith("tarokdd: error: "), err
    assert "Traceback" not in err and err.count("\n") == 1
    for word in contains:
        assert word in err, (word, err)
    return err


class Terminal(io.StringIO):
    """A stderr that says it is a terminal (the CLI shows progress only on one)."""

    def isatty(self):
        return True


def _stat(pid):
    """The fields of /proc/PID/stat after the command name (state, ppid, pgrp, …)."""
    with open("/proc/%s/stat" % pid) as handle:
        return handle.read().rsplit(")", 1)[1].split()


def processes(ppid=None, pgrp=None):
    """The live processes (Linux /proc) whose parent is ``ppid`` or whose process group is ``pgrp``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = _stat(entry)
            except OSError:  # ended meanwhile
                continue
            if fields[0] != "Z" and (int(fields[1]) == ppid or int(fields[2]) == pgrp):
                found.append(int(entry))
    return found


def cpu_seconds(pid):
    """The user and system CPU time a process has used (Linux /proc)."""
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
