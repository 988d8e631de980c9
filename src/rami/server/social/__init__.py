"""Tables among people: the lobby, accounts at tables, quick match, chat and rematch."""
