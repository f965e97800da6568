// The match socket: connects, answers pings, and reconnects with `since=` after a drop or a
// gap in `seq`, so the page never misses an action and never needs a reload.

const PING_MS = 25000;
const MAX_BACKOFF_MS = 5000;
// Close codes of a connection the server refused at the start (4000 + HTTP status).
const REFUSED = new Set([4403, 4404]);

export class MatchConnection {
  /**
   * @param {string} matchId
   * @param {{token?: string, lang: string, onWelcome: Function, onUpdate: Function,
   *          onSeats: Function, onError: Function, onState: Function}} handlers
   */
  constructor(matchId, handlers) {
    this.matchId = matchId;
    this.handlers = handlers;
    this.token = handlers.token || null;
    this.lang = handlers.lang;
    this.seq = null;          // the last seq we have fully applied
    this.socket = null;
    this.backoff = 250;
    this.pingTimer = null;
    this.retryTimer = null;
  }

  url() {
    const params = new URLSearchParams({ lang: this.lang });
    if (this.token) params.set("token", this.token);
    if (this.seq !== null) params.set("since", String(this.seq));
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/matches/${encodeURIComponent(this.matchId)}?${params}`;
  }

  connect() {
    clearTimeout(this.retryTimer);
    this.handlers.onState("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.backoff = 250;
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_MS);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;   // a message of a socket we already replaced
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      this.receive(message);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      clearInterval(this.pingTimer);
      if (REFUSED.has(event.code)) {   // a wrong token or no such match: retrying cannot help
        this.handlers.onState("refused");
        return;
      }
      this.handlers.onState("offline");
      this.retryTimer = setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    });
  }

  /** Drops the current socket and connects again from the last applied seq. */
  reconnect() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.connect();
  }

  receive(message) {
    switch (message.type) {
      case "welcome":
        this.seq = message.seq;
        this.handlers.onState("online");
        this.handlers.onWelcome(message);
        break;
      case "update":
        if (message.provisional) {   // our own step, not final yet: it has no seq of its own
          this.handlers.onUpdate(message);
          break;
        }
        if (this.seq !== null && message.seq <= this.seq) return;     // already applied
        if (this.seq !== null && message.seq > this.seq + 1) {          // we missed one
          this.reconnect();
          return;
        }
        this.seq = message.seq;
        this.handlers.onUpdate(message);
        break;
      case "undone":   // our step was taken back: the position before it, whole
        this.seq = message.seq;
        this.handlers.onWelcome(message);
        break;
      case "final":    // the steps we saw as provisional are stored actions up to `seq`
        this.seq = message.seq;
        if (this.handlers.onFinal) this.handlers.onFinal(message);
        break;
      case "seats":
        this.handlers.onSeats(message.seats, message);
        break;
      case "error":
        this.handlers.onError(message);
        break;
      case "chat":
        if (this.handlers.onChat) this.handlers.onChat(message.line);
        break;
      case "rematch":
        if (this.handlers.onRematch) this.handlers.onRematch(message.match_id);
        break;
      case "seat_token":   // this socket bound our seat: the old link no longer works
        this.token = message.token;
        if (this.handlers.onSeatToken) this.handlers.onSeatToken(message.token);
        break;
      case "status":   // aborted, expired or lost on time while we watched
        if (this.handlers.onStatus) this.handlers.onStatus(message);
        break;
      default:
        break;  // "pong" and anything newer than this client
    }
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  undo() {
    return this.send({ type: "undo" });
  }

  confirm() {
    return this.send({ type: "confirm" });
  }

  chat(text) {
    return this.send({ type: "chat", text });
  }

  move(action) {
    return this.send({ type: "move", action, expect_seq: this.seq });
  }

  setLanguage(lang) {
    this.lang = lang;   // also used by the next reconnect
    this.send({ type: "lang", lang });
  }
}
