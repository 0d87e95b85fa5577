from django.utils.translation import gettext_lazy as _

MESSAGES = {"not_heads": _("only heads tosses the coin")}
