import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from config.api_handler import wsgi_application  # noqa: E402

application = wsgi_application()

from config import embedded_beat  # noqa: E402

embedded_beat.start()  # the embedded default's periodic jobs, in the serving process only
