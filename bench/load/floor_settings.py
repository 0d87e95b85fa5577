"""Settings of the framework floor run: the service's settings, plus one bench-only endpoint
(``floor_urls``). Nothing here is part of the service."""
from config.settings import *  # noqa: F401,F403

ROOT_URLCONF = "floor_urls"
