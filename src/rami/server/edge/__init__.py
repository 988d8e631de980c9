"""The HTTP and websocket edge: the app, routes, pages, sessions and the words they serve."""
