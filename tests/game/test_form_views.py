"""Refusals (kernel/refusals.py) and the one page view for a form that calls a service
(kernel/form_views.py): a refusal's kind decides the API's status and the page's; the page shows
the refusal beside its field, answers invalid forms with 400 and appends nothing on error."""
import json

import pytest
from django import forms
from django.contrib.auth.models import Group
from django.http import HttpResponse
from django.test import RequestFactory

from kernel import refusals
from kernel.api.errors import STATUS_OF_KIND, exception_handler, status_of
from kernel.form_views import FORM_FAULT, ServiceFormView, page_status

API_STATUS = {"invalid": 400, "not_authenticated": 401, "forbidden": 403, "not_found": 404, "conflict": 409,
              "too_large": 413, "unprocessable": 422}


@pytest.mark.parametrize("kind, status", sorted(API_STATUS.items()))
def test_the_api_answers_each_kind_with_its_status_and_the_refusals_body(kind, status):
    refusal = refusals.Refusal(kind, "some_code", "some words", {"version": 3})
    response = exception_handler(refusal, {})
    assert (response.status_code, response.data) == (status, {"code": "some_code", "message": "some words",
                                                               "version": 3})
    assert status_of(refusal.kind) == status


def test_every_kind_has_one_api_status_and_an_unknown_kind_is_refused():
    assert set(STATUS_OF_KIND) == set(refusals.KINDS)
    with pytest.raises(ValueError):
        refusals.Refusal("teapot", "code", "words")


def test_a_refusal_naming_its_field_says_so_as_a_serializer_would():
    refusal = refusals.Refusal(refusals.INVALID, "too_long", "at most 5", field="message")
    assert refusal.body() == {"code": "too_long", "message": "at most 5", "errors": {"message": ["at most 5"]}}


@pytest.mark.parametrize("kind, status", [("invalid", 400), ("conflict", 409), ("unprocessable", 422),
                                          ("not_found", FORM_FAULT), ("forbidden", FORM_FAULT)])
def test_a_form_page_answers_a_refusal_about_its_input_with_400_unless_its_kind_has_its_own(kind, status):
    assert page_status(refusals.Refusal(kind, "c", "m")) == status
    assert page_status(refusals.Refusal(kind, "c", "m"), refusals.KINDS) == API_STATUS[kind]


class NameForm(forms.Form):
    name = forms.CharField(max_length=10)
    note = forms.CharField(required=False)


class NamePage(ServiceFormView):
    """Creates a group, then refuses the names the test asks it to (after the write)."""

    form_class = NameForm
    refusal_fields = {"name_taken": "name"}
    success_url = "/done/"
    refuse_with: refusals.Refusal | None = None

    def render_to_response(self, context, **kwargs):
        """The page's form errors as JSON: what a template would show beside each field."""
        return HttpResponse(context["form"].errors.as_json(), status=kwargs.get("status", 200))

    def perform(self, form):
        Group.objects.create(name=form.cleaned_data["name"])
        if self.refuse_with is not None:
            raise self.refuse_with


def call(method: str, data=None, **attributes):
    factory = RequestFactory()
    request = factory.post("/names/", data or {}) if method == "POST" else factory.get("/names/")
    return NamePage.as_view(**attributes)(request)


def test_get_shows_the_form_and_other_methods_are_not_allowed():
    assert call("GET").status_code == 200
    assert NamePage.as_view()(RequestFactory().put("/names/")).status_code == 405


@pytest.mark.django_db
def test_a_valid_form_calls_the_service_and_redirects():
    response = call("POST", {"name": "pilots"})
    assert (response.status_code, response["Location"]) == (302, "/done/")
    assert Group.objects.filter(name="pilots").exists()


@pytest.mark.django_db
def test_an_invalid_form_is_a_400_and_calls_no_service():
    response = call("POST", {"name": "x" * 11})
    assert response.status_code == 400 and "name" in json.loads(response.content)
    assert not Group.objects.exists()


@pytest.mark.django_db
def test_a_refusal_stands_beside_the_field_its_code_maps_to_with_its_kinds_status():
    refusal = refusals.Refusal(refusals.CONFLICT, "name_taken", "that name is taken")
    response = call("POST", {"name": "pilots"}, refuse_with=refusal)
    assert response.status_code == 409
    assert json.loads(response.content)["name"][0]["message"] == "That name is taken"


@pytest.mark.django_db
def test_a_refusal_naming_its_own_field_stands_there_and_an_unmapped_one_above_the_form():
    named = refusals.Refusal(refusals.INVALID, "bad_note", "no notes", field="note")
    assert list(json.loads(call("POST", {"name": "a"}, refuse_with=named).content)) == ["note"]
    unmapped = refusals.Refusal(refusals.UNPROCESSABLE, "other", "not now")
    response = call("POST", {"name": "b"}, refuse_with=unmapped)
    assert response.status_code == 422 and list(json.loads(response.content)) == ["__all__"]


@pytest.mark.django_db(transaction=True)
def test_one_transaction_undoes_what_perform_wrote_before_the_refusal():
    refusal = refusals.Refusal(refusals.CONFLICT, "name_taken", "taken")
    call("POST", {"name": "kept"}, refuse_with=refusal)
    assert Group.objects.filter(name="kept").exists()  # the service's own transaction: its business
    call("POST", {"name": "undone"}, refuse_with=refusal, one_transaction=True)
    assert not Group.objects.filter(name="undone").exists()
