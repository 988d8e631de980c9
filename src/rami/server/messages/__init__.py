"""The vocabulary on the wire: client and server messages, HTTP bodies, views as JSON, limits."""
