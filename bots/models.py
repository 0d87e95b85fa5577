"""A practice bot is an account (docs/rules/service.md "Who uses it"): one per system and level.

Like a chess server's BOT accounts it is seated, moves and is rated through the same paths as a
person; its Profile says ``is_bot`` so the pages mark it. It has no usable password.
"""
from django.conf import settings
from django.db import models


class BotAccount(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="bot_account")
    system = models.CharField(max_length=40)
    level = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["system", "level"], name="one_bot_per_system_level")]

    def __str__(self) -> str:
        return f"{self.system} bot, level {self.level}"
