"""The words of the account, lobby, leaderboard and player pages, and the accounts refusals.

:mod:`rami.server.edge.strings` adds them to the page's messages and refusals.
"""

from __future__ import annotations

from rami.i18n import N_

PAGE_STRINGS: tuple[str, ...] = (
    N_("Leaderboard"),
    N_("Log in"),
    N_("Sign up"),
    N_("Log out"),
    N_("Log in or sign up"),
    N_("Your account"),
    N_("Logged in as {name}"),
    N_("Password"),
    N_("Account name"),
    N_("3 to 20 letters, digits, _ or -."),
    N_("At least 8 characters."),
    N_("Create the account"),
    N_("Your settings"),
    N_("Card size"),
    N_("Small"),
    N_("Medium"),
    N_("Large"),
    N_("The browser's language"),
    N_("Save the settings"),
    N_("Settings saved."),
    N_("Your profile"),
    N_("Logged out."),
    N_("Welcome, {name}!"),
    N_("Loading…"),
    N_("Public: listed in the lobby"),
    N_("Rated: the result changes ratings"),
    N_("Log in to play rated games."),
    N_("Open tables"),
    N_("Games being played"),
    N_("No open table right now."),
    N_("No game is being played right now."),
    N_("Join"),
    N_("Watch"),
    N_("Join table {id}"),
    N_("Watch table {id}"),
    N_("{taken} of {seats} seats taken"),
    N_("rated"),
    N_("{seconds} s per turn"),
    N_("Quick match"),
    N_("Players"),
    N_("Fill the empty seats with bots"),
    N_("Wait for players"),
    N_("Find a match"),
    N_("Looking for players…"),
    N_("Bots take the empty seats after {seconds} s."),
    N_("Cancel"),
    N_("Match found: going to the table…"),
    N_("Log in to use quick match."),
    N_("Quick match cancelled."),
    N_("Rank"),
    N_("Rating"),
    N_("Games"),
    N_("Bots"),
    N_("Level"),
    N_("No rated player yet."),
    N_(
        "The rating is the skill estimate minus three times its uncertainty:"
        " it rises as games are played."
    ),
    N_("Rating family"),
    N_("Member since {date}"),
    N_("Rating history"),
    N_("{name}'s rating in {family} after each rated game"),
    N_("From {first} to {last} over {count} rated games; lowest {low}, highest {high}."),
    N_("After game"),
    N_("No rated game yet."),
    N_("Statistics"),
    N_("Matches won"),
    N_("Rounds played"),
    N_("Rounds won"),
    N_("Mean penalty per round"),
    N_("Mean opening turn"),
    N_("Rami sec (whole hand in one turn)"),
    N_("All games"),
    N_("Latest games"),
    N_("Finished"),
    N_("Place"),
    N_("Unrated"),
    N_("Rated"),
    N_("No game yet."),
    N_("Ratings"),
)
"""Every message of the account, lobby, leaderboard and player pages."""

ACCOUNT_ERRORS: dict[str, str] = {
    "bad_name.account": N_(
        "A name has 3 to 20 letters, digits, _ or -, starts with a letter or a digit,"
        " and is not reserved."
    ),
    "bad_password": N_("A password has 8 to 128 characters and differs from the name."),
    "name_taken": N_("That name is taken."),
    "bad_login": N_("Wrong name or password."),
    "rate_limited": N_("Too many attempts: wait a little and try again."),
    "not_logged_in": N_("Log in first."),
    "bad_csrf": N_("The page is out of date: reload it and try again."),
    "bad_origin": N_("This request comes from another site."),
    "bad_settings": N_("These settings cannot be saved."),
    "no_such_player": N_("There is no player by that name."),
    "unknown_preset": N_("There are no such rules."),
    "bad_query": N_("That page address is not valid."),
    "too_large": N_("The request is too large."),
}
"""The accounts API's refusals in words (``bad_name.account``: an account name's rule)."""
