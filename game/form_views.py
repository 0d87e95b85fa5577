"""One page view for a form whose use is a service call (STYLE.md: a class-based view with hooks,
as contrib.auth's).

GET shows the page with its form (200). POST binds the form; an invalid one is shown again with
Django's errors beside its fields (``invalid_status``, 400). A valid one goes to ``perform``,
which calls the same service function as the API, in one transaction: when the service refuses
(a :class:`~game.refusals.Refusal`), nothing it wrote stays, the form is shown as it was filled
in with the refusal beside the field its code maps to (``refusal_fields``, or the field the
refusal names itself), else above the form, answered with the status of its kind (``STATUS_OF_KIND``).
Success is ``succeeded``: the message, then a redirect (``get_success_url``).
"""
from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect
from django.views.generic import View
from django.views.generic.base import ContextMixin, TemplateResponseMixin

from . import refusals
from .form_errors import show_rejection

# A page answers a refusal about what its form asked with the status of the refusal's kind; the
# page itself exists and may be seen, so a service's "not found" or "forbidden" about the form's
# input (an entrant, an account) is the form's fault: 400.
STATUS_OF_KIND = {refusals.INVALID: 400, refusals.CONFLICT: 409, refusals.UNPROCESSABLE: 422}
FORM_FAULT = 400


def page_status(refusal) -> int:
    """The status a page answers ``refusal`` with."""
    return STATUS_OF_KIND.get(refusal.kind, FORM_FAULT)


class ServiceFormView(TemplateResponseMixin, ContextMixin, View):
    http_method_names = ["get", "post"]
    form_class = None
    prefix: str | None = None
    refusal_fields: dict[str, str] = {}  # a refusal's code (or the input it names) → the form's field
    invalid_status = FORM_FAULT
    success_url: str | None = None

    # -- the form --------------------------------------------------------------------------
    def get_form_class(self):
        return self.form_class

    def get_form_kwargs(self) -> dict:
        kwargs = {"prefix": self.prefix}
        if self.request.method == "POST":
            kwargs.update(data=self.request.POST, files=self.request.FILES)
        return kwargs

    def get_form(self):
        return self.get_form_class()(**self.get_form_kwargs())

    # -- the two methods -------------------------------------------------------------------
    def dispatch(self, request, *args, **kwargs):
        if request.method.lower() not in self.http_method_names:  # 405 before any look-up, as require_http_methods
            return self.http_method_not_allowed(request, *args, **kwargs)
        self.prepare(request, *args, **kwargs)
        return super().dispatch(request, *args, **kwargs)

    def prepare(self, request, *args, **kwargs) -> None:
        """The checks and look-ups both methods need: the role (403), what the address names (404)."""

    def get(self, request, *args, **kwargs):
        return self.render_page(self.get_form())

    def post(self, request, *args, **kwargs):
        form = self.get_form()
        if not self.form_is_valid(form):
            return self.render_page(form, self.invalid_status)
        try:
            with transaction.atomic():
                result = self.perform(form)
        except refusals.Refusal as refusal:
            return self.refused(form, refusal)
        return self.succeeded(form, result)

    # -- hooks -----------------------------------------------------------------------------
    def form_is_valid(self, form) -> bool:
        """A page with a second form beside the first checks both here."""
        return form.is_valid()

    def perform(self, form):
        """Call the service with the form's cleaned data; what it returns goes to ``succeeded``."""
        raise NotImplementedError

    def success_message(self, form, result) -> str | None:
        return None

    def get_success_url(self, form, result) -> str:
        return self.success_url

    def succeeded(self, form, result):
        message = self.success_message(form, result)
        if message:
            messages.success(self.request, message)
        return redirect(self.get_success_url(form, result))

    def get_refusal_fields(self, form, refusal) -> dict[str, str]:
        return self.refusal_fields

    def show_refusal(self, form, refusal) -> None:
        show_rejection(form, refusal, self.get_refusal_fields(form, refusal))

    def refusal_status(self, refusal) -> int:
        return page_status(refusal)

    def refused(self, form, refusal):
        self.show_refusal(form, refusal)
        return self.render_page(form, self.refusal_status(refusal))

    def render_page(self, form, status: int = 200):
        return self.render_to_response(self.get_context_data(form=form), status=status)
