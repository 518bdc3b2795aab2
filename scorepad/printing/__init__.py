"""Paper: a game's printed score sheet (``paper``) and its PDF (``pdf``, WeasyPrint).

The printing view (scorepad/views/printing.py) and the sheet's screen call them.
"""
