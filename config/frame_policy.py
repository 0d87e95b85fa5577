"""No other site may frame a page of ours (clickjacking), except a view that says otherwise.

Django's ``XFrameOptionsMiddleware`` sends ``X-Frame-Options: DENY``; this adds the modern
equivalent, ``Content-Security-Policy: frame-ancestors 'none'``, to every response that sets no
policy of its own. The embeddable tournament view (tournament/pages.py) is the one exception:
it is exempt from X-Frame-Options and sends ``frame-ancestors *``.
"""
FRAME_POLICY = "frame-ancestors 'none'"


class FrameAncestorsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", FRAME_POLICY)
        return response
