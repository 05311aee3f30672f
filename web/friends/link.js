// Play with friends, no server (docs/friends-link.md): the links between the host's
// browser and up to three friends' browsers, each one RTCPeerConnection with one
// negotiated data channel, set up by copying two links by hand (the host's invite,
// #join=, and the friend's reply, #reply=; web/friends/payload.js packs them). The
// game is the page's Python; this file only carries text frames, and guards the page
// against the other end: binary frames and frames over MAX_FRAME characters are dropped
// unread, more than RATE frames a second are dropped, and a link silent for SILENCE_MS
// (each end sends a heartbeat every HEARTBEAT_MS) is dropped. The one global is
// window.tractorFriends; the caller sets its callbacks onMessage, onStatus, onJoined.
"use strict";
(() => {
  const friends = (window.tractorFriends = window.tractorFriends || {});
  const P = friends.internal.payload;
  const GATHER_MS = 3000;
  const CONNECT_MS = 20000;
  const HEARTBEAT_MS = 2000;
  const SILENCE_MS = 10000;
  const MAX_FRAME = 8192; // characters, the tag included
  const RATE = 50; // frames a second, heartbeats included
  const MAX_BUFFERED = 1 << 20;
  const MAX_ICE_SERVERS = 4;
  const CHANNEL = "tractor-friends";
  const RELAY_WAIT_MS = 2000;
  // A frame is its tag and its text: "m" a message for the caller, "h" a heartbeat.
  const MESSAGE = "m";
  const HEARTBEAT = "h";

  const links = new Map(); // "1".."3" on the host, "host" on a friend's page

  function call(name, ...args) {
    const callback = friends[name];
    if (typeof callback !== "function") return;
    try {
      callback(...args);
    } catch (error) {
      console.error(`tractorFriends.${name}:`, error);
    }
  }

  function pageUrl() {
    return location.href.split("#")[0];
  }

  function hostSeat(seat) {
    if (!Number.isInteger(seat) || seat < 1 || seat > 3) throw new Error("bad-seat");
    return seat;
  }

  // iceServersJson: a JSON array of RTCIceServer dicts (urls, username, credential).
  function iceServers(json) {
    if (json === undefined || json === null || json === "") return [];
    const bad = new Error("bad-ice");
    if (typeof json !== "string" || json.length > 4096) throw bad;
    let list;
    try {
      list = JSON.parse(json);
    } catch {
      throw bad;
    }
    if (!Array.isArray(list) || list.length > MAX_ICE_SERVERS) throw bad;
    const text = (value) => typeof value === "string" && value.length <= 256;
    return list.map((entry) => {
      if (entry === null || typeof entry !== "object" || Array.isArray(entry)) throw bad;
      if (!Object.keys(entry).every((key) => ["urls", "username", "credential"].includes(key))) {
        throw bad;
      }
      const urls = typeof entry.urls === "string" ? [entry.urls] : entry.urls;
      if (!Array.isArray(urls) || urls.length < 1 || urls.length > MAX_ICE_SERVERS) throw bad;
      if (!urls.every((url) => text(url) && /^(stun|stuns|turn|turns):[^\s]+$/.test(url))) {
        throw bad;
      }
      const server = { urls };
      for (const key of ["username", "credential"]) {
        if (entry[key] === undefined) continue;
        if (!text(entry[key])) throw bad;
        server[key] = entry[key];
      }
      return server;
    });
  }

  // Resolves when ICE gathering completes or after GATHER_MS, whichever comes first.
  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      const timer = setTimeout(finish, GATHER_MS);
      function finish() {
        clearTimeout(timer);
        pc.removeEventListener("icegatheringstatechange", check);
        resolve();
      }
      function check() {
        if (pc.iceGatheringState === "complete") finish();
      }
      pc.addEventListener("icegatheringstatechange", check);
    });
  }

  // One link: its connection, its channel, and a promise settled when the channel opens
  // (or rejected with Error(code) when the link ends before).
  function makeLink(key, servers) {
    end(links.get(key), "failed", true);
    let pc;
    try {
      pc = new RTCPeerConnection({ iceServers: servers });
    } catch {
      throw new Error("bad-ice");
    }
    const dc = pc.createDataChannel("tractor", { negotiated: true, id: 0, ordered: true });
    dc.binaryType = "arraybuffer";
    const link = {
      key, pc, dc, id: null, pending: false, info: null, open: false, ended: false,
      heard: 0, sent: 0, windowStart: 0, windowCount: 0, timer: 0,
    };
    link.opened = new Promise((resolve, reject) => {
      link.resolve = resolve;
      link.reject = reject;
    });
    link.opened.catch(() => {});
    // A closed RTCPeerConnection never settles the promises it still owes: each wait
    // on one is raced against the link's end (guard).
    link.closed = new Promise((resolve) => {
      link.markClosed = resolve;
    });
    dc.onopen = () => opened(link);
    dc.onclose = () => end(link, "failed");
    dc.onmessage = (event) => receive(link, event.data);
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed" || pc.connectionState === "closed") end(link, "failed");
    };
    pc.oniceconnectionstatechange = () => {
      if (pc.iceConnectionState === "failed") end(link, "failed");
    };
    links.set(key, link);
    return link;
  }

  // `promise`, or a rejection with `failed` once the link has ended.
  function guard(link, promise) {
    const ended = link.closed.then(() => {
      throw new Error("failed");
    });
    return Promise.race([promise, ended]);
  }

  function opened(link) {
    if (link.ended) return;
    link.open = true;
    link.heard = Date.now();
    link.timer = setInterval(() => tick(link), 1000);
    frame(link, HEARTBEAT);
    const seat = link.key === "host" ? "host" : Number(link.key);
    if (link.info !== null) call("onJoined", seat, link.info);
    call("onStatus", seat, "connected");
    link.resolve(link.info);
  }

  // The end of a link (once): closed, forgotten, and reported as `dropped` if it was
  // open (unless the caller closed it), else its pending promise rejected with `code`.
  function end(link, code, quiet = false) {
    if (link === undefined || link.ended) return;
    link.ended = true;
    link.markClosed();
    clearInterval(link.timer);
    if (links.get(link.key) === link) links.delete(link.key);
    try {
      link.dc.close();
      link.pc.close();
    } catch {
      // already closed
    }
    if (!link.open) link.reject(new Error(code));
    else if (!quiet) call("onStatus", link.key === "host" ? "host" : Number(link.key), "dropped");
  }

  function tick(link) {
    const now = Date.now();
    if (now - link.heard > SILENCE_MS) end(link, "failed");
    else if (now - link.sent >= HEARTBEAT_MS - 100) frame(link, HEARTBEAT);
  }

  function frame(link, text) {
    if (!link.open || link.ended || link.dc.readyState !== "open") return false;
    if (text.length > MAX_FRAME || link.dc.bufferedAmount > MAX_BUFFERED) return false;
    try {
      link.dc.send(text);
    } catch {
      return false;
    }
    link.sent = Date.now();
    return true;
  }

  function receive(link, data) {
    if (typeof data !== "string" || data.length > MAX_FRAME) return; // binary, oversized
    const now = Date.now();
    if (now - link.windowStart >= 1000) {
      link.windowStart = now;
      link.windowCount = 0;
    }
    link.windowCount += 1;
    if (link.windowCount > RATE || link.ended) return;
    link.heard = now;
    if (data[0] === MESSAGE) {
      call("onMessage", link.key === "host" ? "host" : Number(link.key), data.slice(1));
    }
  }

  // ------------------------------------------------------------------ the host's side
  // The link's own offer or answer (`make`), gathered, packed as a payload of `kind`;
  // on any failure (the link replaced meanwhile, a browser error) the link is ended
  // and the promise rejects with `failed`.
  async function packLocal(link, make, kind, seat, infoJson) {
    try {
      await guard(link, link.pc.setLocalDescription(await guard(link, make())));
      await gathered(link.pc);
      const sdp = link.pc.localDescription.sdp;
      if (!link.ended) return await P.pack(kind, seat, link.id, sdp, infoJson);
    } catch {
      end(link, "failed", true);
    }
    throw new Error("failed");
  }

  async function invite(seat, infoJson, iceServersJson) {
    hostSeat(seat);
    if (!P.validInfo(infoJson)) throw new Error("bad-info");
    const link = makeLink(String(seat), iceServers(iceServersJson));
    link.id = P.newId();
    const payload = await packLocal(link, () => link.pc.createOffer(), "j", seat, infoJson);
    link.pending = true;
    return `${pageUrl()}#join=${payload}`;
  }

  async function acceptReply(seat, text) {
    hostSeat(seat);
    const payload = P.fragmentPayload(text, "reply");
    const reply = payload === null ? null : await P.unpack("r", payload);
    const link = links.get(String(seat));
    if (reply === null || link === undefined || !link.pending) throw new Error("bad-reply");
    if (reply.seat !== seat || reply.id !== link.id) throw new Error("bad-reply");
    link.pending = false;
    link.info = reply.info; // for onJoined, when the channel opens
    try {
      await guard(link, link.pc.setRemoteDescription({ type: "answer", sdp: reply.sdp }));
    } catch {
      link.pending = !link.ended;
      link.info = null;
      throw new Error(link.ended ? "failed" : "bad-reply");
    }
    const timer = setTimeout(() => end(link, "timeout"), CONNECT_MS);
    try {
      await link.opened;
    } finally {
      clearTimeout(timer);
    }
    return reply.info;
  }

  // -------------------------------------------------------------- the friend's side
  async function readInvite(fragment) {
    const payload = P.fragmentPayload(fragment, "join");
    const offer = payload === null ? null : await P.unpack("j", payload);
    return offer === null ? null : offer.info;
  }

  async function join(fragment, infoJson, iceServersJson) {
    const payload = P.fragmentPayload(fragment, "join");
    const offer = payload === null ? null : await P.unpack("j", payload);
    if (offer === null) throw new Error("bad-invite");
    if (!P.validInfo(infoJson)) throw new Error("bad-info");
    const link = makeLink("host", iceServers(iceServersJson));
    link.id = offer.id;
    try {
      await guard(link, link.pc.setRemoteDescription({ type: "offer", sdp: offer.sdp }));
    } catch {
      end(link, "bad-invite", true);
      throw new Error("bad-invite");
    }
    const answer = await packLocal(link, () => link.pc.createAnswer(), "r", offer.seat, infoJson);
    return `${pageUrl()}#reply=${answer}`;
  }

  // ------------------------------------------------------------------------ both
  function send(seat, text) {
    const link = links.get(String(seat));
    return link !== undefined && typeof text === "string" && frame(link, MESSAGE + text);
  }

  function close(seat) {
    end(links.get(String(seat)), "failed", true);
  }

  // ------------------------------------- a reply link opened in another tab of the host
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  const waiting = new Map(); // nonce -> resolve, for deliverReply

  async function relayed(message) {
    const reply = await P.unpack("r", message.payload);
    const link = reply === null ? undefined : links.get(String(reply.seat));
    if (link === undefined || !link.pending || link.id !== reply.id) return;
    channel.postMessage({ type: "ack", nonce: message.nonce });
    // The caller hears of it through onJoined and onStatus; a reply that does not
    // connect leaves the seat without its invite: reported as `dropped` (a reply the
    // browser refused leaves the invite waiting: nothing to report).
    acceptReply(reply.seat, message.payload).catch((error) => {
      if (error.message !== "bad-reply") call("onStatus", reply.seat, "dropped");
    });
  }

  if (channel !== null) {
    channel.onmessage = (event) => {
      const message = event.data;
      if (message === null || typeof message !== "object") return;
      if (typeof message.nonce !== "string" || message.nonce.length > 32) return;
      if (message.type === "reply" && typeof message.payload === "string") {
        relayed(message);
      } else if (message.type === "ack" && waiting.has(message.nonce)) {
        waiting.get(message.nonce)(true);
      }
    };
  }

  // Posts a reply link's payload to the host's tabs; true once a tab holding its
  // invite took it, false when none did within RELAY_WAIT_MS.
  async function deliverReply(fragment) {
    const payload = P.fragmentPayload(fragment, "reply");
    if (channel === null || payload === null || (await P.unpack("r", payload)) === null) {
      return false;
    }
    const nonce = P.newId();
    return new Promise((resolve) => {
      const done = (delivered) => {
        clearTimeout(timer);
        waiting.delete(nonce);
        resolve(delivered);
      };
      const timer = setTimeout(() => done(false), RELAY_WAIT_MS);
      waiting.set(nonce, done);
      channel.postMessage({ type: "reply", nonce, payload });
    });
  }

  Object.assign(friends, {
    invite, acceptReply, readInvite, join, send, close, deliverReply,
    onMessage: friends.onMessage ?? null,
    onStatus: friends.onStatus ?? null,
    onJoined: friends.onJoined ?? null,
  });
})();
