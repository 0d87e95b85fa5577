"""The study pages (game/studies.py): your studies and a new one, a study with its steps (each
step's event and situation as the replay words them, and its note), adding, moving and removing
steps; the read-only page behind a shared study's link. Refusals show beside their field."""
from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.html import escape
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from kernel.refusals import CommandRejected

from . import replay, studies
from .annotations import MAX_TEXT
from kernel.form_errors import sentence, show_rejection
from .presentation import presentation_for


class StudyForm(forms.Form):
    title = forms.CharField(label=gettext_lazy("Title"), max_length=studies.MAX_TITLE)


class StudyStepForm(forms.Form):
    # Django renders help text as HTML: the "<id>" in the address must be escaped to be seen.
    game = forms.UUIDField(label=gettext_lazy("Game"), help_text=lazy(escape, str)(gettext_lazy(
        "The game's id, as in its address (/games/<id>/replay/).")))
    step = forms.IntegerField(label=gettext_lazy("Step"), min_value=1)
    note = forms.CharField(label=gettext_lazy("Note"), required=False, max_length=MAX_TEXT,
                           widget=forms.Textarea(attrs={"rows": 3}))


def adding_query(request) -> str:
    """``?game=…&step=…`` when the replay's "Add this step to a study" led here: kept on to the
    chosen (or new) study, whose form it fills in."""
    game, step = request.GET.get("game", ""), request.GET.get("step", "")
    return f"?{urlencode({'game': game, 'step': step})}" if game and step.isdigit() else ""


@login_required
@require_http_methods(["GET", "POST"])
def study_list(request):
    form = StudyForm(request.POST or None)
    adding = adding_query(request)
    if request.method == "POST" and form.is_valid():
        try:
            found = studies.create(user=request.user, title=form.cleaned_data["title"])
        except CommandRejected as exc:
            show_rejection(form, exc)
        else:
            return redirect(reverse("study-page", args=[found.pk]) + adding)
    return render(request, "game/studies.html", {"form": form, "studies": request.user.studies.all(),
                                                  "adding": adding, "adding_step": request.GET.get("step", "")},
                  status=400 if form.errors else 200)


def study_items(viewer, found) -> list[dict]:
    """Each step as the replay shows it (its event and the situation after it, in words)."""
    items = []
    for item, visible in studies.visible_steps(viewer, found):
        shown = None
        if visible and item.step <= item.game.version:
            step = replay.steps_between(item.game.system, item.game.stream, item.step, item.step)[0]
            shown = {"text": step["event"]["text"],
                     "summary": presentation_for(item.game.system).summary(step["state"])}
        items.append({"item": item, "visible": visible, "shown": shown})
    return items


@login_required
@require_http_methods(["GET", "POST"])
def study_page(request, study_id):
    try:
        found = studies.own_study(request.user, study_id)
    except CommandRejected:
        raise Http404("no such study") from None
    form = StudyStepForm(request.POST or None, initial={"game": request.GET.get("game"), "step": request.GET.get("step")})
    if request.method == "POST" and form.is_valid():
        try:
            studies.add_step(user=request.user, study_id=found.pk, game_id=form.cleaned_data["game"],
                             step=form.cleaned_data["step"], note=form.cleaned_data["note"])
        except CommandRejected as exc:
            show_rejection(form, exc)
        else:
            messages.success(request, _("The step is added to the study."))
            return redirect("study-page", study_id=found.pk)
    return render(request, "game/study.html", {"study": found, "items": study_items(request.user, found),
                                               "form": form, "editable": True},
                  status=400 if form.errors else 200)


@login_required
@require_POST
def study_step_action(request, study_id, step_id):
    """Move a step up or down, or remove it."""
    what = request.POST.get("what")
    try:
        if what == "remove":
            studies.remove_step(user=request.user, study_id=study_id, step_id=step_id)
        elif what in ("up", "down"):
            studies.move_step(user=request.user, study_id=study_id, step_id=step_id, by=-1 if what == "up" else 1)
    except CommandRejected as exc:
        messages.error(request, sentence(exc.message))
    return redirect("study-page", study_id=study_id)


@login_required
@require_POST
def study_share(request, study_id):
    try:
        studies.change(user=request.user, study_id=study_id, shared=request.POST.get("shared") == "1")
    except CommandRejected as exc:
        messages.error(request, sentence(exc.message))
    return redirect("study-page", study_id=study_id)


@require_GET
def shared_study_page(request, token):
    try:
        found = studies.readable(request.user, token=token)
    except CommandRejected:
        raise Http404("no such study") from None
    return render(request, "game/study.html", {"study": found, "items": study_items(request.user, found),
                                               "editable": False})
