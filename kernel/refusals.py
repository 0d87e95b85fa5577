"""A refusal: a command or request the service will not carry out, with a machine code and a
message in the reader's language. Raised by services; the API layer turns it into its answer."""
from dataclasses import dataclass, field


@dataclass
class CommandRejected(Exception):
    status: int
    code: str
    message: str
    extra: dict = field(default_factory=dict)

    def body(self) -> dict:
        return {"code": self.code, "message": self.message, **self.extra}
