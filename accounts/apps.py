from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts and profiles")

    def ready(self):
        from django.db.models.signals import post_save

        from accounts.models import Profile
        from kernel.api.token_cache import forget_tokens_of

        def forget_tokens_of_profile(sender, instance, **kwargs):
            # A new profile language is the cached user's no more.
            forget_tokens_of(instance.user_id)

        post_save.connect(forget_tokens_of_profile, sender=Profile, weak=False, dispatch_uid="forget-profile-tokens")
