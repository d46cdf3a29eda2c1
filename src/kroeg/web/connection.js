// The one websocket of this tab (docs/protocol.md): hello/welcome, following tables,
// reconnecting with backoff and resuming every followed table from its last version.

import { ensureGuest } from "./names.js";

const BACKOFF = [500, 1000, 2000, 4000, 8000, 10000];

export class Connection {
  constructor(name) {
    this.name = name;
    this.socket = null;
    this.attempt = 0;
    this.welcomed = false;
    this.player = null;
    this.presets = [];
    this.followed = new Map(); // table id -> last applied version (null: not yet known)
    this.handlers = new Set();
    this.statusHandlers = new Set();
    this.queue = [];
    this.closedByUs = false;
    this.connect();
    this.pinger = setInterval(() => this.socket?.readyState === WebSocket.OPEN && this.welcomed && this.send({ type: "ping" }), 20000);
  }

  /** The socket signs in with the session cookie: first make sure there is one (a
   *  session that expired meanwhile is replaced by a new guest's). */
  async connect() {
    try {
      await ensureGuest(this.name);
    } catch {
      /* the socket's hello makes the guest then */
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", name: this.name }));
    });
    socket.addEventListener("message", (msg) => this.receive(JSON.parse(msg.data)));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.welcomed = false;
      this.setStatus("lost");
      if (this.closedByUs) return;
      const delay = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)];
      this.attempt += 1;
      setTimeout(() => this.connect(), delay);
    });
  }

  receive(msg) {
    if (msg.type === "welcome") {
      this.welcomed = true;
      this.attempt = 0;
      this.player = msg.player;
      this.name = msg.name;
      this.presets = msg.presets || [];
      for (const [table, version] of this.followed) {
        this.send(version === null ? { type: "watch", table } : { type: "resume", table, version });
      }
      for (const queued of this.queue.splice(0)) this.send(queued);
      this.setStatus("connected");
    }
    for (const fn of this.handlers) fn(msg);
  }

  /** Send a message now, or once welcomed when the socket is not ready. */
  send(msg) {
    if (this.welcomed && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(msg));
    } else if (msg.type !== "ping") {
      this.queue.push(msg);
    }
  }

  /** Follow a table: watch it now (or once welcomed) and resume it after every reconnect. */
  follow(table) {
    if (this.followed.has(table)) return;
    this.followed.set(table, null);
    if (this.welcomed) this.send({ type: "watch", table });
  }

  applied(table, version) {
    if (this.followed.has(table)) this.followed.set(table, version);
  }

  unfollow(table) {
    if (this.followed.delete(table)) this.send({ type: "unwatch", table });
  }

  onMessage(fn) {
    this.handlers.add(fn);
    return () => this.handlers.delete(fn);
  }

  onStatus(fn) {
    this.statusHandlers.add(fn);
    return () => this.statusHandlers.delete(fn);
  }

  setStatus(status) {
    this.status = status;
    for (const fn of this.statusHandlers) fn(status);
  }

  rename(name) {
    this.name = name;
    if (this.socket) this.socket.close();
  }
}
