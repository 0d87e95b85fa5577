"""``manage.py grant_service_role ROLE``: what the web, worker and beat processes may do, and no more.

Run as the owner role (the one that ran ``migrate``), after every ``migrate``. Then ROLE may:
SELECT and INSERT on ``events`` (never UPDATE, DELETE or TRUNCATE; and since it owns nothing, it
cannot ALTER the table or disable its triggers); SELECT on ``django_migrations``; SELECT,
INSERT, UPDATE, DELETE and TRUNCATE on every other table (read models, sessions, tokens, the
Celery beat schedule; a ratings rebuild empties its projection with TRUNCATE); use the sequences. Whatever ROLE held on these tables before is revoked first, so
afterwards it holds exactly this. The partitions of ``events`` (game migration 0014) are granted
nothing: rows reach them only through ``events``, whose rights PostgreSQL checks alone.
"""
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction

from kernel.models import StoredEvent

APPEND_ONLY = {StoredEvent._meta.db_table: "SELECT, INSERT", "django_migrations": "SELECT"}
READ_MODEL = "SELECT, INSERT, UPDATE, DELETE, TRUNCATE"


class Command(BaseCommand):
    help = "Grant ROLE exactly the privileges the running service needs (PostgreSQL; run as the owner)."

    def add_arguments(self, parser):
        parser.add_argument("role", help="the role the web, worker and beat processes log in as")

    def handle(self, *args, role, **options):
        if connection.vendor != "postgresql":
            raise CommandError("roles are a PostgreSQL matter: the embedded SQLite database has none")
        quote = connection.ops.quote_name
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT current_schema()")
            schema = quote(cursor.fetchone()[0])
            statements = [f"REVOKE ALL ON ALL TABLES IN SCHEMA {schema} FROM {quote(role)}",
                          f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA {schema} FROM {quote(role)}",
                          f"GRANT USAGE ON SCHEMA {schema} TO {quote(role)}",
                          f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {schema} TO {quote(role)}"]
            tables = connection.introspection.table_names(cursor)  # Django lists no partition among them
            statements += [f"GRANT {APPEND_ONLY.get(table, READ_MODEL)} ON {quote(table)} TO {quote(role)}"
                           for table in tables]
            for sql in statements:
                cursor.execute(sql)
        self.stdout.write(f"{role}: SELECT, INSERT on events; {READ_MODEL} on {len(tables) - len(APPEND_ONLY)} "
                          f"other tables")
