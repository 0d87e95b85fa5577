"""Server-rendered pages of this app (see pages.py)."""
urlpatterns = []
