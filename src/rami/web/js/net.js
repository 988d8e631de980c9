// The websocket link to a table: reconnects with back-off and greets the table each time,
// so every (re)connection starts with a full, exact snapshot.

export class TableLink {
  constructor(tableId, hello, onMessage, onStatus) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${tableId}`;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.delay = 500;
    this.closed = false;
    this.open();
  }

  open() {
    this.onStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.onStatus("online");
      ws.send(JSON.stringify({ type: "hello", ...this.hello() }));
    };
    ws.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    ws.onclose = () => {
      if (this.closed) return;
      this.onStatus("offline");
      const wait = this.delay * (0.75 + Math.random() * 0.5);
      this.delay = Math.min(this.delay * 2, 15000);
      setTimeout(() => this.open(), wait);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Drop the connection now (it reconnects by itself). */
  drop() {
    if (this.ws) this.ws.close();
  }
}
