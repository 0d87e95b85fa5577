from systems.kit.descriptor import HEAD_TO_HEAD, SystemDescriptor

DESCRIPTOR = SystemDescriptor(
    name="coin-toss", label="Coin toss", module="coin_toss", engine="tests.systems.coin_toss.rules:SYSTEM",
    sides=("heads", "tails"), rated_as=HEAD_TO_HEAD, default_scoring="games",
    setup_controls="tests.systems.coin_toss.setup:CONTROLS", messages="tests.systems.coin_toss.messages:MESSAGES",
)
