"""Model fields of the event store."""
from django.db import models


class OrderedJSONField(models.JSONField):
    """JSON stored as written, key order included (PostgreSQL ``json``, not ``jsonb``).

    Folding must see an event exactly as it was decided: ``jsonb`` re-sorts object keys, which
    would make anything an engine derives from dict order differ between a live fold and a
    fold read back from the database.
    """

    def db_type(self, connection):
        return "json" if connection.vendor == "postgresql" else super().db_type(connection)

    def get_db_prep_value(self, value, connection, prepared=False):
        if connection.vendor != "postgresql" or value is None:
            return super().get_db_prep_value(value, connection, prepared)
        from psycopg.types.json import Json

        return Json(value)

    def from_db_value(self, value, expression, connection):
        if value is None or not isinstance(value, (str, bytes)):
            return value  # psycopg already parsed ``json`` (in order)
        return super().from_db_value(value, expression, connection)
