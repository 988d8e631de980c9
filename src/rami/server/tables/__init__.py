"""One table: its state, stored events, the actor that runs commands, host commands, bots."""
