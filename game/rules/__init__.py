"""Pure-Python rules engines, one package per game system (no Django imports here).

See ``contract.py`` for the interface every engine implements and ``registry.py``
for how the service finds them.
"""
