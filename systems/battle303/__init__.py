"""303: everything the service knows of this game system, in one folder.

``rules/`` is the rules engine (pure Python, no Django); ``presentation.py`` words its events
and actions; ``templates/`` and ``static/`` are its play and replay pages' own parts.
"""
