"""The analysis subcommands of ``tarokdd``: simulate, bid, odds, plot.

They reach the command line through the entry-point group ``tarokdd.commands``
(pyproject.toml: ``SIMULATE``, ``BID``, ``ODDS``, ``PLOT`` below), which ``solver/cli.py``
loads without importing ``analysis`` itself.  The heavy imports (numpy, the runner,
matplotlib) happen only when one of them runs.  Errors in the input are :class:`solver.TarokError` s or
``CliError`` s: the command line prints them and exits with status 2.
"""

import json
import os
import sys

from solver.cli import CliError, Command, add_format_option
from solver.text import whole_number

SIMULATE_HELP = "Monte Carlo: success rates, goals and expected settlement over random deals"
SIMULATE_DESCRIPTION = (
    "Deal random deals consistent with what is known (the hand, other known cards, constraints), set up "
    "each contract (king call, talon choice and discard by the documented heuristic), and ask the solver "
    "yes/no questions with limits that grow pass by pass until every deal is decided or --budget is spent: "
    "per contract the success rate over all deals with its interval (a bracket while deals are undecided), "
    "yes/no goals, and the expected settlement of the analysed seat.  Chunks stream to --output (JSON lines); "
    "--resume completes an interrupted run exactly.")
BID_HELP = "the bidding table of a hand: every contract with success rate, interval and expected value"
BID_DESCRIPTION = ("Simulate every contract a declarer can play in the variant (or those given with "
                   "--contract) for the hand and print them best first: by expected settlement, then "
                   "success rate.  Same options as simulate.")
ODDS_HELP = "exact talon / dog odds given a hand (hypergeometric), optionally checked by sampling"
ODDS_DESCRIPTION = ("What the talon / dog may hold given the hand and other known cards: the exact "
                    "distribution of its trumps, kings, honours (trula / bouts) and card points, and the "
                    "chance of each king and honour, under the constraints (--where) on the talon alone (those "
                    "naming other places are listed as ignored).  --samples N also deals N random deals and "
                    "shows the sampled frequency with its interval (every constraint applies to the sample).")
PLOT_HELP = "chart a results file: bidding table, success by hand feature, card points"
PLOT_DESCRIPTION = ("Draw a chart from a simulate / bid results file (--output) and write it as PNG or SVG "
                    "(by the extension of -o): 'bid' the bidding table, 'feature' the success rate against a "
                    "feature of the hand as dealt (best with random hands), 'points' the distribution of the "
                    "declarer side's card points with the threshold.")


def _deal_arguments(parser, hand_required=False):
    parser.add_argument("variant", nargs="?", metavar="VARIANT", help="variant id (see: tarokdd variants)")
    parser.add_argument("--hand", metavar="CARDS", required=hand_required,
                        help="the analysed seat's hand as dealt (before the talon exchange; the Danish dealer's "
                             "28 cards)%s" % ("" if hand_required else "; default: random hands"))
    parser.add_argument("--seat", type=int, default=0, metavar="SEAT",
                        help="the analysed seat, in order of play (0 leads the first trick; default 0)")
    parser.add_argument("--known", action="append", default=[], metavar="SEAT=CARDS",
                        help="cards known to be in another seat (repeatable): --known '2=HK T21'")
    parser.add_argument("--talon", metavar="CARDS", help="known talon / dog cards (all of them: in order, by groups)")
    parser.add_argument("--discard", metavar="CARDS",
                        help="a fixed exchange: the cards discarded; --hand is then the hand at the start of play "
                             "and --talon must give the whole talon")
    parser.add_argument("-w", "--where", action="append", default=[], metavar="EXPR",
                        help="a constraint on the deal (repeatable), e.g. 'trumps(1) >= 5', 'holder(HK) in (1, 2)', "
                             "'void(3, H)' (see README, Hand analysis)")
    parser.add_argument("--max-tries", type=int, default=None, metavar="N",
                        help="candidate deals drawn per deal before constraints are reported impossible "
                             "(default 10000000: a few seconds)")


def _run_arguments(parser, bid=False):
    _deal_arguments(parser, hand_required=False)
    parser.add_argument("-c", "--contract", action="append", default=None, metavar="CONTRACT",
                        help="contract(s) to analyse (repeatable; 'all' = every declarer contract; default: %s)"
                             % ("all" if bid else "the variant's usual contract"))
    parser.add_argument("-g", "--goal", action="append", default=[], metavar="GOAL",
                        help="yes/no goals to count as well (repeatable): valat, pagat-ultimo, trula, kings …")
    parser.add_argument("-n", "--deals", type=int, default=None, metavar="N", help="number of deals (default 100)")
    parser.add_argument("-s", "--seed", type=int, default=None, metavar="N",
                        help="seed (default: fresh entropy, printed and stored with the results)")
    parser.add_argument("-j", "--jobs", type=int, default=None, metavar="N",
                        help="worker processes (default: every core; 1 runs in this process)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run on a Dask cluster (distributed.Client(ADDRESS).get_executor()); needs "
                             "pip install 'tarokdd[dask]'")
    parser.add_argument("-o", "--output", metavar="FILE", help="append results to FILE (JSON lines) as chunks finish")
    parser.add_argument("--resume", action="store_true",
                        help="complete the run in --output (its task, seed and deals are read from the file)")
    parser.add_argument("--budget", default=None, metavar="TIME",
                        help="time for the whole run (default 10m): deals still undecided after the first pass "
                             "are asked again with limits 8 times larger while it lasts")
    parser.add_argument("--limit", default=None, metavar="LIMIT",
                        help="the most one solver test may take: a node count (the passes grow from 100000 up to "
                             "it) or a time (2s: one pass, machine-dependent); default: no cap, the budget decides")
    parser.add_argument("--memory", type=int, default=None, metavar="MB", help="table size per solve (default 64)")
    parser.add_argument("--chunk-size", type=int, default=None, metavar="N",
                        help="deals per chunk (default: so that every worker gets work, at most 8)")
    parser.add_argument("--call", default="auto", metavar="KING",
                        help="the king to call in called-king contracts (default: auto, by the heuristic)")
    parser.add_argument("--exhaustive-talon", dest="policy", action="store_const", const="exhaustive",
                        default="heuristic",
                        help="success if any talon group and discard makes the contract (every exchange solved "
                             "double dummy, up to 500; slow) instead of the heuristic's choice")
    parser.add_argument("--announce", action="append", default=[], metavar="NAME",
                        help="an announcement of the declarer (repeatable): pagat_ultimo, valat, trula …")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option (repeatable), e.g. early_end=false")
    parser.add_argument("--value", action="append", default=[], metavar="NAME=N",
                        help="a Königrufen value the rules leave open (repeatable), e.g. trull=1")
    parser.add_argument("--no-settlement", dest="settle", action="store_false",
                        help="success rates only (no threshold tests for the settlement: faster)")
    parser.add_argument("--confidence", type=float, default=0.95, help="interval confidence (default 0.95)")
    parser.add_argument("--interval", choices=("auto", "wilson", "clopper-pearson"), default="auto",
                        help="interval method (default auto: Wilson, Clopper-Pearson near 0 or 1)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    add_format_option(parser, ("text", "json"))


def simulate_arguments(parser):
    _run_arguments(parser)


def bid_arguments(parser):
    _run_arguments(parser, bid=True)


def odds_arguments(parser):
    _deal_arguments(parser, hand_required=True)
    parser.add_argument("--samples", type=int, default=0, metavar="N",
                        help="also sample N random deals and show the sampled frequencies with intervals")
    parser.add_argument("-s", "--seed", type=int, default=0, metavar="N", help="seed of the sample (default 0)")
    parser.add_argument("--confidence", type=float, default=0.95, help="interval confidence (default 0.95)")
    add_format_option(parser, ("text", "json"))


def plot_arguments(parser):
    parser.add_argument("results", metavar="RESULTS", help="a results file written by simulate / bid --output")
    parser.add_argument("--kind", choices=("bid", "feature", "points"), default="bid",
                        help="which chart (default bid)")
    parser.add_argument("-c", "--contract", help="the contract (feature, points; default: the run's first)")
    parser.add_argument("--feature", default="trumps", choices=("trumps", "kings", "honours", "points"),
                        help="hand feature for --kind feature (default trumps)")
    parser.add_argument("-g", "--goal", default="win", help="the yes/no goal for --kind feature (default: win)")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="the chart: FILE.png or FILE.svg")
    parser.add_argument("--title", help="chart title (default: generated)")
    parser.add_argument("--confidence", type=float, default=0.95, help="interval confidence (default 0.95)")


# ------------------------------------------------------------------ helpers

def _pairs(items, what):
    out = {}
    for item in items:
        key, eq, value = str(item).partition("=")
        if not eq or not key.strip():
            raise CliError("%s is written NAME=VALUE, got %r" % (what, item))
        value = value.strip()
        low = value.lower()
        out[key.strip()] = True if low == "true" else False if low == "false" else (
            value if whole_number(value) is None else whole_number(value))
    return out


def _known(items):
    out = {}
    for item in items:
        seat, eq, cards = str(item).partition("=")
        if not eq or whole_number(seat) is None:
            raise CliError("--known is written SEAT=CARDS, e.g. --known '2=HK T21', got %r" % item)
        out[whole_number(seat)] = out.get(whole_number(seat), "") + " " + cards
    return out


def _check_confidence(value):
    if not 0 < value < 1:
        raise CliError("--confidence must be between 0 and 1 (e.g. 0.95), not %s" % value)


def _spec(args):
    from .deal import DealSpec
    if not args.variant:
        raise CliError("name the VARIANT (see: tarokdd variants)")
    extra = {} if args.max_tries is None else {"max_tries": args.max_tries}
    return DealSpec.make(args.variant, hand=args.hand, seat=args.seat, known=_known(args.known),
                         talon=args.talon, discards=args.discard, constraints=args.where, **extra)


def _executor(args):
    if not args.scheduler:
        return None, None
    if args.jobs is not None:
        raise CliError("give either --jobs or --scheduler, not both")
    try:
        from distributed import Client
    except ImportError:
        raise CliError("--scheduler needs the 'distributed' package: pip install 'tarokdd[dask]'") from None
    try:
        client = Client(args.scheduler, timeout=20)
    except (OSError, TimeoutError, ValueError) as exc:
        raise CliError("cannot reach the Dask scheduler %s: %s" % (args.scheduler, exc)) from None
    return client.get_executor(), client


def _print_summary(summary, args, title):
    if args.format == "json":
        print(json.dumps(summary.to_json(), indent=2, ensure_ascii=False))
    else:
        print(summary.format(title))


def _run(args, bid):
    from .simulate import (DEFAULT_BUDGET, DEFAULT_LIMIT, DEFAULT_MEMORY, SimulationInterrupted, Task,
                           read_results, simulate)
    _check_confidence(args.confidence)
    if args.resume and not args.output:
        raise CliError("--resume needs --output FILE (the run to complete)")
    header = None
    if args.resume and os.path.exists(args.output) and os.path.getsize(args.output) > 0:
        header = read_results(args.output)[0]
    if header is not None and not args.variant:
        task = Task.from_json(header["task"])
        deals, seed = header["deals"], int(header["seed"])
    else:
        contracts = args.contract
        if contracts is None:
            contracts = "all" if bid else None
        elif "all" in contracts:
            contracts = "all"
        task = Task.make(_spec(args), contracts, args.goal, args.settle,
                         DEFAULT_LIMIT if args.limit is None else args.limit,
                         DEFAULT_MEMORY if args.memory is None else args.memory, args.call, args.policy,
                         options=_pairs(args.option, "--option"), values=_pairs(args.value, "--value"),
                         announce=args.announce)
        deals = args.deals if args.deals is not None else header["deals"] if header else 100
        seed = args.seed if args.seed is not None else int(header["seed"]) if header else None
    executor, client = _executor(args)
    title = "bidding table" if bid else "simulation"
    try:
        summary = simulate(task, deals, seed, args.chunk_size, executor=executor, jobs=args.jobs,
                           output=args.output, resume=args.resume, progress=False if args.quiet else None,
                           confidence=args.confidence, method=args.interval,
                           budget=DEFAULT_BUDGET if args.budget is None else args.budget)
    except SimulationInterrupted as stop:
        _print_summary(stop.summary, args, title)
        saved = " saved in %s; run again with --resume to complete it" % args.output if args.output else ""
        print("tarokdd: interrupted after %d of %d deals%s" % (stop.summary.deals, deals, saved), file=sys.stderr)
        sys.stdout.flush()
        return 130
    finally:
        if client is not None:
            client.close()
    _print_summary(summary, args, title)
    return 0


def simulate_command(args):
    return _run(args, bid=False)


def bid_command(args):
    if not args.hand and not (args.resume and not args.variant):
        raise CliError("bid needs the hand: --hand CARDS")
    return _run(args, bid=True)


def odds_command(args):
    from .odds import sample_talon_odds, talon_odds
    _check_confidence(args.confidence)
    spec = _spec(args)
    if args.samples < 0:
        raise CliError("--samples must be 0 or more")
    odds = talon_odds(spec.variant, spec=spec)
    sampled = sample_talon_odds(spec, args.samples, args.seed, args.confidence) if args.samples else None
    if args.format == "json":
        out = odds.to_json(sampled)
        out["constraints"] = list(args.where)
        out["samples"] = args.samples
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        print(odds.format(sampled))
    return 0


def plot_command(args):
    from .plots import figure, save
    from .simulate import load_results
    _check_confidence(args.confidence)
    ext = os.path.splitext(args.output)[1].lower()
    if ext not in (".png", ".svg"):
        raise CliError("-o %s: write the chart as .png or .svg" % args.output)
    summary = load_results(args.results, args.confidence)
    contract = args.contract or summary.contracts[0]
    if args.kind != "bid":
        summary._contract(contract)  # an error if the run did not include it
    if args.kind == "feature" and args.goal != "win" and args.goal not in summary.task["goals"]:
        raise CliError("--goal %s was not counted in this run (goals: %s)"
                       % (args.goal, ", ".join(["win"] + list(summary.task["goals"]))))
    try:
        fig = figure(args.kind, summary, contract, args.feature, args.goal, args.title)
        save(fig, args.output)
    except OSError as exc:
        raise CliError("cannot write %s: %s" % (args.output, exc.strerror or exc)) from None
    print("wrote %s (%s chart, %d deals)" % (args.output, args.kind, summary.deals), file=sys.stderr)
    return 0


SIMULATE = Command("simulate", SIMULATE_HELP, simulate_command, simulate_arguments, SIMULATE_DESCRIPTION)
BID = Command("bid", BID_HELP, bid_command, bid_arguments, BID_DESCRIPTION)
ODDS = Command("odds", ODDS_HELP, odds_command, odds_arguments, ODDS_DESCRIPTION)
PLOT = Command("plot", PLOT_HELP, plot_command, plot_arguments, PLOT_DESCRIPTION)
