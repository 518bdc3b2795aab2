"""The server's guards: who a request is, what it may see, and what it may cost.

- ``clients``: which client a request is, the one answer every limit counts by;
- ``worker``: the production server's worker, bounding the connections it holds;
- ``middleware``, ``throttle``: headers on every page, the CPU budget and the request
  limits of an address, the table first, a plain answer when the database fails;
- ``access``, ``browsers``: who may see which game, a browser's id and its session;
- ``signin``, ``passwords``: the limit on failed sign-ins, a password validator;
- ``lan``: the address the phones at the table open (``python -m scorepad.guards.lan``).
"""
