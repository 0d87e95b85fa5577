import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from config.api_handler import wsgi_application  # noqa: E402

application = wsgi_application()
