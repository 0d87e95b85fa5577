"""What every game system shares: the engine contract, fair dice, the hex grid, the service's own
events and the generic presentation a system's words fall back to."""
