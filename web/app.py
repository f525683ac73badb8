"""The web app: the deal viewer's page and the JSON API under ``/api``.

``create_app()`` builds the ASGI app (FastAPI); ``tarokdd serve`` runs it with uvicorn.  Every
asset is served from ``web/static`` (the page) and from the Swagger UI files of the
``swagger-ui-py`` package (the API docs at ``/api/docs``): the page needs no network.

The cheap requests (reading a deal, legal moves, a random deal) run in the server process;
solves and analyses run in the solver processes of :class:`web.pool.SolverPool`, one per core,
each request under the server's time limit.  Errors in the input answer 400 with the project's
own message (``{"error": ..., "type": ...}``), a body over the size cap 413, no free solver in
time 429.
"""

import asyncio
import json
import os
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Optional, Union

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr
from starlette.exceptions import HTTPException

from solver import GOALS, VARIANTS, ParameterError, TarokError, __version__
from solver.bundled import example_names, load_example
from solver.deal import random_position
from solver.goals import applies
from solver.playthrough import GoalError, at_trick
from solver.search import goal_spec, parse_limit, side_seats
from solver.text import is_whole, shown

from .pool import Busy, SolverPool, WorkerLost
from .views import bounds_display, error_view, position_at, position_view, read_deal, solve_view, start_of_play

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64 * 1024  # bytes: a French deal with its whole record is under 2 KB
HEARTBEAT = 1.0  # seconds between keep-alive comments in an event stream (a closed one is noticed)
STOP_MARGIN = 1.0  # seconds past its time limit before the pool stops a solve that has not stopped itself

Scalar = Optional[Union[StrictInt, StrictStr, StrictFloat, StrictBool]]  # checked by the solver, with its messages
DEAL_DOC = ("the deal with its play record: a JSON object (README, Position files), or text: JSON or the one-line "
            "form")
EXAMPLE_LINE = ("slovenian3 three; declarer 0; hands HK T22 T1 / SK S7 T21 / D1 CK C10; declarer_pile SJ S8 H1 H3 H4 "
                "DN D2 CQ CN C9 C7 T19 T17 T14 T12 T9 T5 T4; defence_pile SQ SN S10 S9 HQ HN HJ H2 DK DQ DJ D3 D4 CJ "
                "C8 T20 T18 T16 T15 T13 T11 T10 T8 T7 T6 T3 T2; composed; tricks_taken 6 4 3")


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DealIn(_In):
    deal: Union[StrictStr, Dict[str, Any]] = Field(description=DEAL_DOC, examples=[EXAMPLE_LINE])
    at: Scalar = Field(None, description="cards of the play record played in the position looked at "
                                         "(default: the whole record)")


class SolveIn(DealIn):
    goal: Scalar = Field("points", description="one of the goals solve takes: " + ", ".join(GOALS))
    side: Scalar = Field(None, description="'declarer', 'defence' or a seat (default: the declarer side; "
                                           "each for himself: the seat to move)")
    limit: Scalar = Field(None, description="a node count or a time ('2s', '500ms'); the server's time limit "
                                            "applies in any case")
    all_cards: StrictBool = Field(True, description="the value of every legal card")
    line: StrictBool = Field(True, description="an optimal line of play to the end")


class AnalyseIn(_In):
    deal: Union[StrictStr, Dict[str, Any]] = Field(description=DEAL_DOC, examples=[EXAMPLE_LINE])
    goal: Scalar = Field("points", description="the goal, as for solve")
    side: Scalar = Field(None, description="the side, as for solve (each for himself: default the seat to move "
                                           "at the start of the record)")
    limit: Scalar = Field(None, description="a node or time limit for each card")
    from_trick: Scalar = Field(None, description="analyse from the first card of this trick on")


class RandomDealIn(_In):
    variant: StrictStr = Field(description="variant id", examples=["slovenian4"])
    contract: Optional[StrictStr] = Field(None, description="contract id (default: the variant's usual one)")
    seed: Scalar = Field(None, description="a whole number 0 or more (default: a fresh one, returned)")
    declarer: Scalar = Field(None, description="the declarer's seat (default: random)")


@dataclass
class _Job:
    """A search to run in the pool: what the worker gets, how its answers are shown, when the
    pool stops it, and whether the server's time limit is the solve's own limit."""

    kind: str
    payload: dict
    present: Callable  # present(message kind, data) -> what the client gets
    deadline: float
    capped: bool = False


class BodyLimit:
    """ASGI middleware: a request body over ``max_body`` bytes is answered 413 before the app sees it
    (counted as it arrives: at most one chunk more than that is ever read)."""

    def __init__(self, app, max_body):
        self.app, self.max_body = app, max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_body:
                return await self._refuse(scope, receive, send)
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()
        await self.app(scope, replay, send)

    async def _refuse(self, scope, receive, send):
        response = JSONResponse({"error": "the request body is over %d bytes" % self.max_body,
                                 "type": "RequestTooLarge"}, status_code=413)
        await response(scope, receive, send)


def _error(status, message, kind):
    return JSONResponse({"error": message, "type": kind}, status_code=status)


def _validation_message(exc):
    """The framework's validation errors as one line in the project's style."""
    parts = []
    for err in exc.errors():
        loc = [str(x) for x in err.get("loc", ()) if x != "body"]
        kind = err.get("type", "")
        if kind == "json_invalid":
            return "the request body is not valid JSON: %s" % err.get("ctx", {}).get("error", "a syntax error")
        if not loc:
            return ("the request body is empty: send a JSON object" if kind == "missing" else
                    "the request body must be a JSON object (Content-Type: application/json)")
        field = loc[0]
        if kind == "missing":
            text = "%s: a required field is missing" % field
        elif kind == "extra_forbidden":
            text = "%s: no such field" % field
        elif field == "deal":
            text = "deal: give a JSON object or text (JSON or the one-line form)"
        elif len(loc) > 1:  # none of the types of a union
            text = "%s: give a number, text, true/false or null" % field
        else:
            text = "%s: %s" % (field, err.get("msg"))
        if text not in parts:
            parts.append(text)
    return "; ".join(parts) or "the request is not valid"


def create_app(workers=None, time_limit=60.0, memory_mb=128, max_body=MAX_BODY, queue_wait=2.0):
    """The ASGI app.  ``workers``: solver processes (default: one per core); ``time_limit``:
    seconds any solve or analysis may take (a longer one is stopped and answers what it proved);
    ``memory_mb``: each solver's table; ``max_body``: the request size cap in bytes;
    ``queue_wait``: seconds a search request waits for a free solver before a 429."""
    pool = SolverPool(workers, memory_mb, queue_wait)

    @asynccontextmanager
    async def lifespan(app):
        await pool.start()
        try:
            yield
        finally:
            await pool.close()

    app = FastAPI(title="tarokdd", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json",
                  description="Double-dummy solving of tarot deals (Slovenian Tarok, Königrufen, French Tarot, "
                              "Danish Tarok) over HTTP.  A deal is JSON or the one-line form (see the README); "
                              "errors answer `{\"error\": message, \"type\": class}`.")
    app.state.pool = pool
    app.add_middleware(BodyLimit, max_body=max_body)

    @app.exception_handler(TarokError)
    async def tarok_error(request, exc):
        return JSONResponse(error_view(exc), status_code=400)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request, exc):
        return _error(422, _validation_message(exc), "RequestValidationError")

    @app.exception_handler(HTTPException)
    async def http_error(request, exc):
        if exc.status_code == 400:  # the framework could not read the body (not UTF-8, nested too deep)
            return _error(400, "the request body is not valid JSON", "HTTPException")
        return _error(exc.status_code, str(exc.detail), "HTTPException")

    @app.exception_handler(Busy)
    async def busy(request, exc):
        response = _error(429, str(exc), "Busy")
        response.headers["Retry-After"] = "1"
        return response

    @app.exception_handler(WorkerLost)
    async def lost(request, exc):
        return _error(503, str(exc), "WorkerLost")

    def server_limit(limit):
        """(the client's limit within the server's, whether the server's time limit is the one
        that applies): a time limit is capped, no limit becomes the server's; a node limit stays
        (the pool stops such a search at the server's time anyway)."""
        nodes, seconds = parse_limit(limit)
        if nodes:
            return nodes, False
        return "%.3fs" % min(seconds or time_limit, time_limit), not seconds or seconds >= time_limit

    def solve_job(body):
        full = read_deal(body.deal)
        pos = position_at(full, body.at)
        if pos.is_over:
            raise GoalError("play is over: nothing to solve")
        seats = side_seats(pos, body.side)
        goal_spec(pos, body.goal, pos.party_of(seats[0]))  # a goal the position cannot take is refused here
        limit, capped = server_limit(body.limit)
        payload = {"deal": pos.to_json(), "goal": body.goal, "side": body.side, "limit": limit,
                   "all_cards": body.all_cards, "line": body.line}

        def present(kind, data):
            if kind == "progress":
                return dict(data, bounds_display=bounds_display(pos, body.goal, data["bounds"]))
            return solve_view(pos, body.goal, data)
        # the search stops itself at a time limit: the pool steps in only a little later
        return _Job("solve", payload, present, time_limit + STOP_MARGIN, capped)

    def analyse_job(body):
        full = read_deal(body.deal)
        start = start_of_play(full)
        reason = applies(start, body.goal)
        if reason:
            raise GoalError(reason)
        side_seats(start, body.side)
        first = 0 if body.from_trick is None else len(at_trick(full, body.from_trick).move_stack)
        payload = {"deal": full.to_json(), "goal": body.goal, "side": body.side,
                   "limit": server_limit(body.limit)[0], "from_trick": body.from_trick}
        total = len(full.move_stack) - first  # the steps to analyse
        return _Job("analyse", payload, lambda kind, data: dict(data, total=total), time_limit)

    async def run(job, on_message=None):
        outcome = await pool.run(job.kind, job.payload, job.deadline, on_message)
        if outcome.kind == "error":
            return 400, outcome.data
        if outcome.kind == "crash":
            return 500, {"error": outcome.data, "type": "InternalError"}
        if outcome.data is None:
            return 503, {"error": "the search was stopped before it started", "type": "Stopped"}
        out = job.present("result", outcome.data)
        out["stopped"] = outcome.reason or ("time limit" if job.capped and out.get("exact") is False else None)
        if out["stopped"] == "time limit":
            out["note"] = "stopped by the server's time limit of %g s" % time_limit
        return 200, out

    async def answer(request, job):
        """Run a job for a plain JSON request; stop it if the client goes away."""
        task = asyncio.ensure_future(run(job))
        while not task.done():
            await asyncio.wait({task}, timeout=0.5)
            if not task.done() and await request.is_disconnected():
                task.cancel()  # (the answer reaches nobody)
                return JSONResponse({"error": "cancelled", "type": "Cancelled"}, status_code=499)
        status, out = task.result()
        return JSONResponse(out, status_code=status)

    def stream(job):
        """Run a job as Server-Sent Events: progress (or step) events, then result or error.  A
        client that closes the stream stops the search."""
        async def events():
            queue = asyncio.Queue()

            async def on_message(message, data):
                queue.put_nowait((message, job.present(message, data)))
            task = asyncio.ensure_future(run(job, on_message))
            task.add_done_callback(lambda _: queue.put_nowait(None))
            try:
                while True:
                    try:
                        item = await asyncio.wait_for(queue.get(), HEARTBEAT)
                    except asyncio.TimeoutError:
                        yield ": keep-alive\n\n"
                        continue
                    if item is None:
                        break
                    yield _event(*item)
                try:
                    status, out = task.result()
                except (Busy, WorkerLost) as exc:
                    status, out = 429 if isinstance(exc, Busy) else 503, {"error": str(exc), "type": type(exc).__name__}
                yield _event("result" if status == 200 else "error", dict(out, status=status))
            finally:
                task.cancel()
        return StreamingResponse(events(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    # ------------------------------------------------------------------ the page and the docs

    @app.get("/", include_in_schema=False)
    async def index():
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.mount("/api/docs/assets", StaticFiles(directory=_swagger_assets()), name="docs-assets")

    @app.get("/api/docs", include_in_schema=False)
    async def docs():
        return get_swagger_ui_html(openapi_url="/api/openapi.json", title="tarokdd API",
                                   swagger_js_url="/api/docs/assets/swagger-ui-bundle.js",
                                   swagger_css_url="/api/docs/assets/swagger-ui.css",
                                   swagger_favicon_url="/static/favicon.svg")

    # ------------------------------------------------------------------ the API

    @app.get("/api/info", summary="version, server limits, variants, goals and bundled examples")
    async def info():
        return {
            "version": __version__,
            "limits": {"time_limit": time_limit, "workers": pool.size, "max_body": max_body,
                       "memory_mb": memory_mb, "queue_wait": queue_wait},
            "variants": [{"id": v.id, "name": v.name, "players": v.players, "default_contract": v.default_contract,
                          "contracts": [{"id": c.id, "name": c.name} for c in v.contracts.values()]}
                         for v in VARIANTS.values()],
            "goals": GOALS,
            "examples": example_names(),
        }

    @app.get("/api/examples/{name}", summary="a bundled example game (deal and whole play record)")
    async def example(name: str):
        if name not in example_names():
            return _error(404, "no bundled example %s; examples: %s" % (shown(name), ", ".join(example_names())),
                          "NotationError")
        game = load_example(name)
        return {"name": name, "deal": game.to_json(), "line": game.to_line()}

    @app.post("/api/deal", summary="a random deal at the start of play")
    async def deal(body: RandomDealIn):
        seed = body.seed
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        elif not is_whole(seed, 0, 2 ** 63):
            raise ParameterError("seed %s: a whole number 0 or more" % shown(seed))
        pos = random_position(body.variant, body.contract, seed=seed, declarer=body.declarer)
        return {"seed": seed, "deal": pos.to_json(), "line": pos.to_line()}

    @app.post("/api/position", summary="check a deal and its play record; the position after `at` cards")
    async def position(body: DealIn):
        return position_view(read_deal(body.deal), body.at)

    @app.post("/api/legal", summary="the legal moves of the seat to move")
    async def legal(body: DealIn):
        pos = position_at(read_deal(body.deal), body.at)
        return {"to_move": pos.to_move, "trick": pos.trick_number, "legal": [] if pos.is_over else pos.legal_moves,
                "is_over": pos.is_over}

    @app.post("/api/solve", summary="solve the position double dummy: value, every legal card, optimal line")
    async def solve(body: SolveIn, request: Request):
        return await answer(request, solve_job(body))

    @app.post("/api/solve/events", summary="solve, as Server-Sent Events: progress (narrowing bounds), then result")
    async def solve_events(body: SolveIn):
        return stream(solve_job(body))

    @app.post("/api/analyse", summary="replay the game record solving before every card: values and mistakes")
    async def analyse(body: AnalyseIn, request: Request):
        return await answer(request, analyse_job(body))

    @app.post("/api/analyse/events", summary="analyse, as Server-Sent Events: a step event per card, then result")
    async def analyse_events(body: AnalyseIn):
        return stream(analyse_job(body))

    return app


def _event(name, data):
    return "event: %s\ndata: %s\n\n" % (name, json.dumps(data, ensure_ascii=False))


def _swagger_assets():
    import swagger_ui
    return Path(swagger_ui.__file__).parent / "static"
