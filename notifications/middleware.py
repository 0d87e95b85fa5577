"""A notification is read once its user opens the page it leads to (issue 25): the challenge
page for "alice challenges you", the game for "your move", a report page for a table pairing —
one rule for every kind, instead of each page marking its own."""
from .inbox import mark_read_for


def opened(request) -> bool:
    """A page the browser navigates to, not one its script re-reads in the background (the play
    page's panel, the lobby's list): browsers say which in ``Sec-Fetch-Mode``; a client that does
    not say counts as opening it."""
    return (request.method == "GET" and request.headers.get("Sec-Fetch-Mode", "navigate") == "navigate"
            and not request.path.startswith("/api/"))


class MarkReadOnVisit:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # Before the view, so the page's own header already counts them read.
        if opened(request) and request.user.is_authenticated:
            mark_read_for(request.user, request.path)
        return self.get_response(request)
