"""On an imported tournament's page (tournament/uploads.py): where it was played and its fingerprint
there, and the signed-in player's "claim" of the entrant recorded under his name while nobody has
matched it."""
from django import template

from ..models import TournamentUpload
from ..uploads import recorded_entrants

register = template.Library()


@register.inclusion_tag("tournament/_upload_note.html", takes_context=True)
def upload_note(context, tournament):
    user = context["request"].user
    upload = TournamentUpload.objects.filter(tournament=tournament).first()
    name = user.get_username() if upload and user.is_authenticated else None
    claimable = bool(name) and name in recorded_entrants(upload) and not upload.entrants.filter(name=name).exists() \
        and not upload.entrants.filter(user=user).exists()
    return {"tournament": tournament, "upload": upload, "claimable": claimable, "name": name,
            "request": context["request"]}
