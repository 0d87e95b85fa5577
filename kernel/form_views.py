"""One page view for a form whose use is a service call (STYLE.md: a class-based view with hooks,
as contrib.auth's).

GET shows the page with its form (200). POST binds the form; an invalid one is shown again with
Django's errors beside its fields (``invalid_status``, 400). A valid one goes to ``perform``,
which calls the same service function as the API. When the service refuses (a
:class:`~kernel.refusals.Refusal`) it has appended nothing (``one_transaction`` when ``perform``
calls several services), and the form is shown as it was filled in, the refusal beside the field
its code maps to (``refusal_fields``, or the field the refusal names itself), else above the
form, answered with the status of its kind (``page_status``). Success is ``succeeded``: the
message, then a redirect (``get_success_url``).
"""
from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect
from django.views.generic import View
from django.views.generic.base import ContextMixin, TemplateResponseMixin

from kernel import refusals
from kernel.form_errors import show_rejection

# The page's table from a refusal's kind to its status: the numbers the API answers with, so a
# page and its API agree on what went wrong.
STATUS_OF_KIND = {refusals.INVALID: 400, refusals.NOT_AUTHENTICATED: 401, refusals.FORBIDDEN: 403,
                  refusals.NOT_FOUND: 404, refusals.CONFLICT: 409, refusals.TOO_LARGE: 413,
                  refusals.UNPROCESSABLE: 422}
FORM_FAULT = 400
# The kinds a form page answers with their own status. The page itself exists and may be used, so
# a service's "not found" or "forbidden" about what the form names (an entrant, an account) is a
# mistake in the form: 400.
FORM_KINDS = (refusals.INVALID, refusals.CONFLICT, refusals.UNPROCESSABLE)


def page_status(refusal, kinds=FORM_KINDS) -> int:
    """The status a page answers ``refusal`` with: its kind's own among ``kinds``, else 400."""
    return STATUS_OF_KIND[refusal.kind] if refusal.kind in kinds else FORM_FAULT


class ServiceFormView(TemplateResponseMixin, ContextMixin, View):
    http_method_names = ["get", "post"]
    form_class = None
    prefix: str | None = None
    refusal_fields: dict[str, str] = {}  # a refusal's code (or the input it names) → the form's field
    invalid_status = FORM_FAULT
    status_kinds = FORM_KINDS  # refusals of other kinds are answered as a mistake in the form (400)
    success_url: str | None = None
    # A service keeps its own transaction (and may commit on purpose before it refuses: a late quiz
    # answer scores the attempt first). A ``perform`` calling several services sets this, so that
    # a refusal of a later one undoes the earlier ones.
    one_transaction = False

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
        refused = self.prepare(request, *args, **kwargs)
        return refused or super().dispatch(request, *args, **kwargs)

    def prepare(self, request, *args, **kwargs):
        """The checks and look-ups both methods need: what the address names (404), the role (a
        403 raised, or a page in words returned instead of the view's answer)."""

    def get(self, request, *args, **kwargs):
        return self.render_page(self.get_form())

    def post(self, request, *args, **kwargs):
        form = self.get_form()
        if not self.form_is_valid(form):
            return self.render_page(form, self.invalid_status)
        try:
            if self.one_transaction:
                with transaction.atomic():
                    result = self.perform(form)
            else:
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
        return page_status(refusal, self.status_kinds)

    def refused(self, form, refusal):
        self.show_refusal(form, refusal)
        return self.render_page(form, self.refusal_status(refusal))

    def render_page(self, form, status: int = 200):
        return self.render_to_response(self.get_context_data(form=form), status=status)
