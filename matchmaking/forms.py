"""The new-game page's form: system, opponent, open seek or practice bot, sides, setup, rated, pace.

Each system's setup controls come from ``setup_controls``; the seats the chosen setup needs
from the engine (``game.services.sides_for``); the paces from ``game.clocks``. The form turns
the page's choices into the arguments of ``services.propose`` (``seats``) and nothing more:
every rule is the service's.
"""
from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _, gettext_lazy

from bots import lookup as bot_lookup
from game import campaigns, clocks
from game.presentation import system_name
from systems.kit.setup import GROUP_TITLES
from systems.kit.presentation import side_name
from systems import registry
from systems.registry import available_systems, get_system
from game.services import sides_for

from . import setup_controls
from .setup_controls import field_name

CHALLENGE, SEEK, BOT = "challenge", "seek", "bot"
RANDOM = "random"
UNTIMED = "untimed"
# Further opponents of a Duel in the Dark night of 3–5 players (§9.3): shown as the count grows.
MORE_OPPONENTS = (("opponent_2", 3), ("opponent_3", 4), ("opponent_4", 5))


# accounts' player lookup as one types (static/js/organiser.js fills the page's <datalist>).
LOOKUP = forms.TextInput(attrs={"data-player-lookup": "/api/players/", "list": "player-suggestions",
                                "autocomplete": "off"})


def side_field(system: str) -> str:
    return f"side_{system}".replace("-", "_")


def bot_level_field(system: str) -> str:
    return f"bot_level_{system}".replace("-", "_")


def level_words(level: int, entry: dict) -> str:
    if entry.get("elo") is None:
        return _("Level %(level)s: %(label)s") % {"level": level, "label": entry["label"]}
    return _("Level %(level)s: %(label)s (rated about %(elo)s)") % {"level": level, "label": entry["label"],
                                                                    "elo": entry["elo"]}


def systems() -> list[str]:
    return available_systems()


def pace_choices():
    return [(p["key"], f"{p['label']} — {p['explanation']}") for p in clocks.TIME_CONTROL_PRESETS] + [
        (UNTIMED, gettext_lazy("No clock — nobody loses on time"))]


class NewGameForm(forms.Form):
    system = forms.ChoiceField(label=gettext_lazy("Game"), widget=forms.RadioSelect)
    how = forms.ChoiceField(
        label=gettext_lazy("Opponent"), widget=forms.RadioSelect, initial=CHALLENGE,
        choices=[(CHALLENGE, gettext_lazy("A player I name: they accept or decline")),
                 (SEEK, gettext_lazy("Open seek: anyone may join from the lobby"))])
    opponent = forms.CharField(label=gettext_lazy("Player"), required=False, max_length=150, widget=LOOKUP,
                               help_text=gettext_lazy("Type the start of a username or display name."))
    opponent_2 = forms.CharField(label=gettext_lazy("Second German player"), required=False, max_length=150,
                                 widget=LOOKUP)
    opponent_3 = forms.CharField(label=gettext_lazy("Third German player"), required=False, max_length=150,
                                 widget=LOOKUP)
    opponent_4 = forms.CharField(label=gettext_lazy("Fourth German player"), required=False, max_length=150,
                                 widget=LOOKUP)
    rating_min = forms.IntegerField(label=gettext_lazy("Lowest rating that may join"), required=False, min_value=0,
                                    help_text=gettext_lazy("Empty: no limit."))
    rating_max = forms.IntegerField(label=gettext_lazy("Highest rating that may join"), required=False, min_value=0,
                                    help_text=gettext_lazy("Empty: no limit."))
    bot_rated = forms.BooleanField(
        label=gettext_lazy("Rated game against the bot"), required=False,
        help_text=gettext_lazy("Bot games are casual unless you tick this; a rated one is marked as a bot game."))
    rated = forms.TypedChoiceField(
        label=gettext_lazy("Rated"), widget=forms.RadioSelect, initial="1", coerce=lambda v: v == "1",
        choices=[("1", gettext_lazy("Rated: the result changes both players' Elo")),
                 ("0", gettext_lazy("Casual: not rated"))])
    pace = forms.ChoiceField(label=gettext_lazy("Time control"), widget=forms.RadioSelect, initial="fast",
                             help_text=gettext_lazy("Correspondence paces pause during a player's vacation."))
    campaign = forms.BooleanField(
        label=gettext_lazy("Play a campaign"), required=False,
        help_text=gettext_lazy("A ladder of scenarios; your pilots' results carry over from night to night (§3.14)."))

    def __init__(self, *args, me=None, current=None, **kwargs):
        """``current``: a finished game's settings to start from ("new game with these settings")."""
        super().__init__(*args, **kwargs)
        self.me = me
        names = systems()
        self.fields["system"].choices = [(s, system_name(s)) for s in names]
        self.fields["system"].initial = names[0] if names else None
        self.fields["pace"].choices = pace_choices()
        self.fields["pace"].choice_list = True
        for name, count in MORE_OPPONENTS:
            # Shown while a system whose player count reaches ``count`` is chosen (the Duel's §9.3).
            self.fields[name].show_for = "system="
            for found in (registry.find(s) for s in names):
                if found and found.player_count_control:
                    players = field_name(found.name, found.player_count_control)
                    self.fields[name].show_for = f"system={found.name};how={CHALLENGE};{players}=" + ",".join(
                        str(n) for n in range(count, 6))
        self.fields["opponent"].show_for = f"how={CHALLENGE}"
        self.fields["rated"].show_for = f"how={CHALLENGE},{SEEK}"
        self.fields["bot_rated"].show_for = f"how={BOT}"
        self.fields["rating_min"].show_for = self.fields["rating_max"].show_for = f"how={SEEK}"
        self.fields["campaign"].show_for = "system=" + ",".join(s for s in names if s in campaigns.with_campaigns())
        with_opponents = [s for s in names if len(get_system(s).sides) > 1]
        self.fields["how"].show_for = "system=" + ",".join(with_opponents)
        self.with_opponents = ",".join(with_opponents)
        with_bots = [s for s in with_opponents if bot_lookup.package(s) is not None]
        self.with_bots = ",".join(with_bots)
        if with_bots:
            self.fields["how"].choices = self.fields["how"].choices + [
                (BOT, _("A practice bot: the game starts at once"))]
        for system in with_bots:
            field = forms.TypedChoiceField(
                label=_("Bot level"), coerce=int, initial=1, widget=forms.RadioSelect, required=False,
                choices=[(n, level_words(n, entry)) for n, entry in sorted(bot_lookup.levels(system).items())])
            field.show_for = f"system={system};how={BOT}"
            self.fields[bot_level_field(system)] = field
        self.one_seat = ",".join(s for s in names if s not in with_opponents)
        for system in with_opponents:
            field = forms.ChoiceField(label=_("You play"), initial=RANDOM, widget=forms.RadioSelect, required=False,
                                      choices=[(RANDOM, _("Drawn when the game starts"))]
                                      + [(side, side_name(side)) for side in get_system(system).sides])
            field.show_for = f"system={system}"
            self.fields[side_field(system)] = field
        setup_controls.add_controls(self, names, current and current["setup"], current and current["system"])
        if current:
            self.initial.update({"system": current["system"], "rated": "1" if current["rated"] else "0",
                                 "pace": current["pace"] or UNTIMED})
            if current.get("bot_level") and bot_level_field(current["system"]) in self.fields:
                self.initial.update({"how": BOT, bot_level_field(current["system"]): current["bot_level"],
                                     "bot_rated": current["rated"]})
            elif current.get("opponent"):
                self.initial["opponent"] = current["opponent"]

    def groups(self) -> list[dict]:
        """The setup controls by system and group, for the page's fieldsets."""
        out = []
        for system in systems():
            for group, title in GROUP_TITLES.items():
                fields = [self[field_name(system, c.key)] for c in setup_controls.controls_of(system)
                          if c.group == group]
                if fields:
                    shared = {f.field.show_for for f in fields}
                    out.append({"system": system, "title": title, "fields": fields,
                                "show_for": shared.pop() if len(shared) == 1 else f"system={system}"})
        return out

    def clean(self):
        cleaned = super().clean()
        users = get_user_model().objects
        for name in ("opponent",) + tuple(n for n, _count in MORE_OPPONENTS):
            username = (cleaned.get(name) or "").strip()
            if username and cleaned.get("how") == CHALLENGE:
                user = users.filter(username__iexact=username).first()
                if user is None:
                    self.add_error(name, _("There is no player named %(name)s.") % {"name": username})
                cleaned[name] = user
            else:
                cleaned[name] = None
        return cleaned

    # -- what the service gets -----------------------------------------------------------------

    @property
    def chosen_system(self) -> str:
        return self.cleaned_data["system"]

    def setup(self) -> dict:
        setup = setup_controls.setup_from(self.cleaned_data, self.chosen_system)
        # The kind of game may fix other options (the Duel's swap and solo: §1.6, §8).
        for key, fixed in registry.descriptor(self.chosen_system).setup_fixed_by.items():
            for dropped in fixed.get(setup.get(key), ()):
                setup.pop(dropped, None)
        return setup

    def sides(self) -> tuple[str, ...]:
        return sides_for(get_system(self.chosen_system), self.setup())

    def time_control(self) -> dict | None:
        chosen = clocks.preset(self.cleaned_data["pace"])
        return chosen["time_control"] if chosen else None

    @property
    def against_bot(self) -> bool:
        return self.cleaned_data.get("how") == BOT and len(self.sides()) > 1

    def bot_game(self) -> dict:
        """The arguments of ``bots.services.start_bot_game`` (but the player)."""
        system = self.chosen_system
        choice = self.cleaned_data.get(side_field(system)) or RANDOM
        side = None if choice == RANDOM else next((s for s in self.sides() if s == choice or s.startswith(choice)), None)
        return {"system": system, "level": self.cleaned_data.get(bot_level_field(system)) or 1, "side": side,
                "setup": self.setup(), "time_control": self.time_control(), "rated": self.cleaned_data["bot_rated"]}

    def check_no_opponent(self) -> bool:
        """A one-seat game (Nightfighter, the Duel's solo mission) with a player named: said beside the field."""
        if self.cleaned_data.get("how") == CHALLENGE and self.cleaned_data.get("opponent"):
            self.add_error("opponent", _("This game has one seat, yours: leave the player empty."))
            return False
        return True

    def seats(self) -> tuple[dict, bool, dict[str, str]]:
        """``(side → user or None, random sides?, side → the field naming its player)``."""
        sides = self.sides()
        choice = self.cleaned_data.get(side_field(self.chosen_system)) or RANDOM
        mine = next((s for s in sides if s == choice or (s.startswith(choice) and choice != RANDOM)), sides[0])
        others = [s for s in sides if s != mine]
        names = ["opponent"] + [n for n, _count in MORE_OPPONENTS]
        seek = self.cleaned_data["how"] == SEEK
        seats = {mine: self.me, **{side: None if seek else self.cleaned_data.get(names[i]) if i < len(names) else None
                                   for i, side in enumerate(others)}}
        fields = {f"players.{side}": names[i] for i, side in enumerate(others) if i < len(names)}
        fields[f"players.{mine}"] = "opponent"
        return seats, choice == RANDOM, fields
