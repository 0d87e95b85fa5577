"""Page forms of the tournament app: the settings form (create and change) with its option
registry and game setups, and the organiser's manage-page forms."""
from .entrants import AddEntrantForm, CancelForm, EntrantForm, SeedingForm, StartRoundForm, WithdrawForm, moved
from .settings import TournamentSettingsForm, tournament_systems

__all__ = ["AddEntrantForm", "CancelForm", "EntrantForm", "SeedingForm",
           "StartRoundForm", "TournamentSettingsForm", "WithdrawForm", "moved", "tournament_systems"]
