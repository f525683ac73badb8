"""``tarokdd serve``: the deal viewer and the JSON API on a local web server.

It reaches the command line through the entry-point group ``tarokdd.commands``
(pyproject.toml: ``SERVE``), like the analysis verbs; FastAPI and uvicorn are imported only
when it runs, and a missing ``web`` extra is a one-line error.
"""

import socket
import sys
import threading
import webbrowser

from solver.cli import CliError, Command

SERVE_HELP = "the deal viewer in the browser and the JSON API (needs pip install 'tarokdd[web]')"
SERVE_DESCRIPTION = (
    "Serve the deal viewer (paste or upload a deal, see every card's double-dummy value, step through the play, "
    "analyse a game record) and the JSON API under /api (docs at /api/docs).  Bound to 127.0.0.1 unless --host "
    "says otherwise.  Every solve or analysis stops after --time-limit seconds; at most --workers searches run at "
    "once (one per core by default), others wait briefly or are answered 429.")


def serve_arguments(parser):
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--open", action="store_true", help="open the page in the web browser")
    parser.add_argument("--time-limit", type=float, default=60.0, metavar="SECONDS",
                        help="the longest a solve or a whole analysis may search (default 60)")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help="solver processes, the most searches at once (default: one per core)")
    parser.add_argument("--memory", type=int, default=128, metavar="MB", help="table size of each solver (default 128)")


def _listen(host, port):
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except (OSError, OverflowError) as exc:
        sock.close()
        raise CliError("cannot listen on %s port %s: %s" % (host, port, getattr(exc, "strerror", None) or exc)) from None
    sock.listen(128)
    return sock


def serve_command(args):
    if not 0 < args.time_limit <= 86400:
        raise CliError("--time-limit is in seconds, more than 0 and at most 86400")
    if args.workers is not None and not 1 <= args.workers <= 256:
        raise CliError("--workers must be 1-256")
    if not 1 <= args.memory <= 65536:
        raise CliError("--memory is the table size in MB, 1-65536")
    try:
        import uvicorn

        from .app import create_app
    except ImportError as exc:
        raise CliError("tarokdd serve needs the web extra (%s is missing): pip install 'tarokdd[web]'"
                       % (exc.name or exc)) from None
    sock = _listen(args.host, args.port)
    host, port = sock.getsockname()[:2]
    url = "http://%s:%d/" % ("[%s]" % host if ":" in host else host, port)
    app = create_app(workers=args.workers, time_limit=args.time_limit, memory_mb=args.memory)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    print("tarokdd: the deal viewer is at %s (API docs: %sapi/docs); Ctrl-C stops it" % (url, url), file=sys.stderr)
    if args.open:
        def open_when_started():
            while not server.started and not server.should_exit:
                threading.Event().wait(0.05)
            if server.started:
                webbrowser.open(url)
        threading.Thread(target=open_when_started, daemon=True).start()
    server.run(sockets=[sock])
    return 0


SERVE = Command("serve", SERVE_HELP, serve_command, serve_arguments, SERVE_DESCRIPTION)
