"""The annotations' part of the replay page (templates/game/_replay_annotations.html,
static/js/replay_annotations.js): one author's comments and bookmarks, and, for the author
himself, the form to add one at the step shown."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from .annotations import MAX_TEXT, annotations_of
from .models import Annotation, AnnotationShare, Game
from .visibility import seated_sides


class AnnotationForm(forms.Form):
    step = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    kind = forms.ChoiceField(label=gettext_lazy("Kind"), choices=[
        (Annotation.Kind.COMMENT, gettext_lazy("Comment")), (Annotation.Kind.BOOKMARK, gettext_lazy("Bookmark"))],
        initial=Annotation.Kind.COMMENT, widget=forms.RadioSelect)
    text = forms.CharField(label=gettext_lazy("Your note on this step"), required=False, max_length=MAX_TEXT,
                           widget=forms.Textarea(attrs={"rows": 3}),
                           help_text=gettext_lazy("A comment needs words; a bookmark may do without."))


def may_annotate(user, game: Game) -> bool:
    return bool(user and user.is_authenticated and seated_sides(user, game))


def annotation_context(game: Game, author, step: int, editable: bool, form: AnnotationForm | None = None,
                       shared: bool = False) -> dict:
    notes = annotations_of(game, author)
    share = AnnotationShare.objects.filter(game=game, author=author).first() if editable else None
    if editable and form is None:
        form = AnnotationForm(initial={"step": step})
    return {"annotations": {
        "author": author.get_username() if author and author.is_authenticated else "",
        "at_step": [a for a in notes if a.step == step],
        "bookmarks": [a for a in notes if a.kind == Annotation.Kind.BOOKMARK],
        "form": form if editable else None,
        "editable": editable, "shared": shared,
        "share_token": share.token if share else "",
        "data": [{"id": a.pk, "step": a.step, "kind": a.kind, "text": a.text} for a in notes],
    }}
