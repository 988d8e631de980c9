// The websocket link to a table: reconnects with back-off (capped at MAX_DELAY), at once when
// the tab comes back to the front or the network returns, or when the player asks; greets the
// table each time, so every (re)connection starts with a full, exact snapshot.

export const MAX_DELAY = 4000;
const FIRST_DELAY = 500;
const NO_SUCH_TABLE = 4404;

export class TableLink {
  constructor(tableId, hello, onMessage, onStatus) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${tableId}`;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.delay = FIRST_DELAY;
    this.closed = false;
    this.timer = null;
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.retryNow();
    });
    this.open();
  }

  open() {
    this.timer = null;
    this.onStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = FIRST_DELAY;
      this.onStatus("online");
      ws.send(JSON.stringify({ type: "hello", ...this.hello() }));
    };
    ws.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      if (event.code === NO_SUCH_TABLE) this.closed = true;
      if (this.closed) return;
      this.onStatus("offline");
      const wait = this.delay * (0.75 + Math.random() * 0.5);
      this.delay = Math.min(this.delay * 2, MAX_DELAY);
      this.timer = setTimeout(() => this.open(), wait);
    };
  }

  /** Reconnect now if the link is down and waiting to retry. */
  retryNow() {
    if (this.closed || this.timer === null) return;
    clearTimeout(this.timer);
    this.delay = FIRST_DELAY;
    this.open();
  }

  get connected() {
    return Boolean(this.ws && this.ws.readyState === WebSocket.OPEN);
  }

  send(message) {
    if (this.connected) {
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
