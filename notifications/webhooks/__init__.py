"""Webhooks for organisers and league admins (issue 16): registration (``registration``),
which tournament events become deliveries (``derivation``), the address guard (``addresses``),
and signed delivery with retries (``delivery``)."""
