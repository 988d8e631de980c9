"""The hint message: the terminal's narrator, in the connection's language, with cards to mark."""

from __future__ import annotations

from server_helpers import Player, create, server

from rami.cards import parse_card


def test_the_hint_speaks_the_language_of_the_connection() -> None:
    with server(seed="hint-words") as app:
        table_id, token = create(app, preset="rami51", seats=2, bots=["random"])
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            host = Player(ws)
            host.hello(token, lang="pl")
            host.reply(type="start")
            game = host.until(lambda m: m["type"] == "state" and m["game"] is not None)["game"]
            if game["legal"][0].startswith("draw"):
                drawn = host.reply(type="hint")[-1]
                assert drawn["type"] == "hint" and drawn["cards"] == []
                assert "Draw" not in drawn["text"] and "Take" not in drawn["text"]
                host.reply(type="act", action="draw stock", version=host.version)
            hint = host.reply(type="hint")[-1]
            assert hint["type"] == "hint" and set(hint) == {"type", "actions", "cards", "text"}
            assert hint["actions"] and hint["actions"][-1].startswith("discard")
            assert "punkt" in hint["text"], hint["text"]
            hand = host.game["hand"]
            assert all(card in hand for card in hint["cards"])
            assert all(parse_card(card) is not None for card in hint["cards"])
