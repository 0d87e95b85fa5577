"""The whole ratings projection as comparable data (for "rebuild equals incremental"); sorted as
text, since a leg played at the table has no game id to sort by."""
from ratings.models import PlayerRating, RatedResult, RatingChange, RatingLedger


def projection_snapshot() -> dict:
    return {
        "results": sorted(RatedResult.objects.values_list(
            "game_id", "result_seq", "event_id", "system", "kind", "ending", "note", "finished_at",
            "first_player_id", "first_side", "second_player_id", "second_side", "score", "placings", "tournament_id",
            "leg"), key=str),
        "changes": sorted(RatingChange.objects.values_list(
            "result__game_id", "result__result_seq", "system", "event_id", "player_id", "opponent_id", "side",
            "score", "expected", "k", "games_before", "rating_before", "rating_after", "peak_after", "placing",
            "players", "result__leg"), key=str),
        "ratings": sorted(PlayerRating.objects.values_list(
            "system", "player_id", "rating", "peak", "games", "wins", "draws", "losses")),
        "ledgers": sorted(RatingLedger.objects.values_list("system", "last_event_id")),
    }
