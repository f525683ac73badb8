"""The deal viewer in the browser and the JSON API over HTTP (``tarokdd serve``).

Built on the public API of :mod:`solver` only; nothing in ``solver`` or ``analysis`` imports it.
It needs the ``web`` extra: ``pip install 'tarokdd[web]'`` (FastAPI, uvicorn).
"""
