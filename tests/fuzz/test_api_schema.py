"""Schemathesis against the OpenAPI schema, in-process through WSGI (issue 9 "Fuzz").

Every endpoint: no 5xx whatever the input, schema-valid or not. For schema-valid requests every
endpoint must also answer only documented status codes, content types and response bodies.
"""
import json

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application
from tests.conftest import make_user


def load_schema():
    """The schema /api/schema/ serves, generated directly: no request (nor database) at collection."""
    schema = schemathesis.openapi.from_dict(json.loads(OpenApiJsonRenderer().render(
        SchemaGenerator().get_schema(request=None, public=True))))
    schema.app = application
    return schema


SCHEMA = load_schema()
CONFORMANCE = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
EXAMPLES_PER_OPERATION = 8


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx, value) -> dict:
    """Game exports are JSON lines; the fuzzer may send any text (or JSON) as one."""
    text = value if isinstance(value, str) else json.dumps(value)
    return {"data": text.encode(), "headers": {"Content-Type": "application/x-ndjson"}}


def player_headers() -> dict:
    """A signed-in player's token: the anonymous answers are all 401s, which reach nothing."""
    user = get_user_model().objects.filter(username="fuzzer").first() or make_user("fuzzer")
    return {"Authorization": f"Token {Token.objects.get_or_create(user=user)[0].key}"}


@pytest.fixture(autouse=True)
def streams_end_at_once(settings):
    """A live stream read in-process would never end: here it says what it has now and closes."""
    settings.NIGHTDUEL_STREAM_MAX_SECONDS = 0


@pytest.fixture
def test_transaction_kept_open():
    """Requests go straight to the WSGI app, so, as Django's test client does, stop the request
    signals from closing the connection that holds the test's transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@SCHEMA.parametrize()
@settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_endpoint_answers_5xx_and_each_answers_what_its_schema_says(case, db, test_transaction_kept_open):
    headers = player_headers()
    if case.meta.generation.mode != GenerationMode.POSITIVE:
        case.call_and_validate(headers=headers, checks=[not_a_server_error])
        return
    case.call_and_validate(headers=headers, checks=CONFORMANCE)
