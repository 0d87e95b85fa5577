"""Leagues and their seasons, below tournaments: who organises a league, which seasons it runs."""
