// The friends' link payloads (docs/friends-link.md): what an invite (#join=) and a
// reply (#reply=) carry, packed as base64url of deflate-raw of a small JSON object, and
// unpacked with every size bounded before it is read. Everything read here comes from
// another browser or a pasted link, so it is hostile: a payload over MAX_PAYLOAD
// characters is refused before decoding, the inflated JSON is read with a byte cap
// (reading stops past MAX_JSON), and the fields are checked one by one, each against its
// grammar (no SDP is carried: it is built again from its checked fields). Part of
// window.tractorFriends: tractorFriends.internal.payload, used by web/friends/link.js.
"use strict";
(() => {
  const VERSION = 1;
  const MAX_PAYLOAD = 8192; // characters of base64url
  const MAX_JSON = 16384; // bytes once inflated
  const MAX_INFO = 2048; // characters of the caller's infoJson
  const MAX_CANDIDATES = 8;
  const ID_PATTERN = /^[0-9a-f]{8}$/; // an invite's offer id: 32 random bits
  const B64URL = /^[A-Za-z0-9_-]*$/;

  // An SDP is not sent: only its variable fields are, each checked on reading against
  // its grammar, and the SDP is built again from them (sdpOf). u, p: ICE's ufrag and
  // password; f: the DTLS certificate's SHA-256 fingerprint (32 bytes, base64url);
  // e: the DTLS role (a=setup); m: the mid (left out when "0"); n: the SCTP port (left
  // out when 5000); c: the UDP candidates of component 1, "address port priority type".
  const FIELDS = {
    u: /^[A-Za-z0-9+/]{4,32}$/,
    p: /^[A-Za-z0-9+/]{22,64}$/,
    f: /^[A-Za-z0-9_-]{43}$/,
    e: /^(actpass|active|passive)$/,
    m: /^[A-Za-z0-9_-]{1,16}$/,
  };
  const CANDIDATE = /^[A-Za-z0-9.:-]{1,64} [0-9]{1,5} [0-9]{1,10} (host|srflx|prflx|relay)$/;

  function sdpFields(sdp) {
    const fields = { c: [] };
    for (const line of String(sdp).split(/\r?\n/)) {
      const value = (prefix) => (line.startsWith(prefix) ? line.slice(prefix.length) : null);
      fields.u = value("a=ice-ufrag:") ?? fields.u;
      fields.p = value("a=ice-pwd:") ?? fields.p;
      fields.e = value("a=setup:") ?? fields.e;
      fields.m = value("a=mid:") ?? fields.m;
      const port = value("a=sctp-port:");
      if (port !== null) fields.n = Number(port);
      const print = value("a=fingerprint:sha-256 ");
      if (print !== null) {
        fields.f = toBase64url(Uint8Array.from(print.split(":"), (hex) => parseInt(hex, 16)));
      }
      const candidate = value("a=candidate:");
      if (candidate !== null) {
        const [, component, transport, priority, address, port, typ, type] = candidate.split(" ");
        // UDP only: a browser's TCP host candidates only help behind rare firewalls.
        if (component === "1" && transport?.toLowerCase() === "udp" && typ === "typ") {
          fields.c.push(`${address} ${port} ${priority} ${type}`);
        }
      }
    }
    if (fields.m === "0") delete fields.m;
    if (fields.n === 5000) delete fields.n;
    return fields;
  }

  function validFields(fields) {
    for (const [key, pattern] of Object.entries(FIELDS)) {
      if (fields[key] === undefined && key === "m") continue;
      if (typeof fields[key] !== "string" || !pattern.test(fields[key])) return false;
    }
    const port = fields.n ?? 5000;
    if (!Number.isInteger(port) || port < 1 || port > 65535) return false;
    const { c } = fields;
    return Array.isArray(c) && c.length <= MAX_CANDIDATES
      && c.every((entry) => typeof entry === "string" && CANDIDATE.test(entry));
  }

  // The SDP of checked fields: one data channel's m-line, ICE, DTLS and SCTP.
  function sdpOf(fields) {
    const mid = fields.m ?? "0";
    const hex = Array.from(fromBase64url(fields.f),
      (byte) => byte.toString(16).toUpperCase().padStart(2, "0")).join(":");
    const candidates = fields.c.map((entry, i) => {
      const [address, port, priority, type] = entry.split(" ");
      return `a=candidate:${i + 1} 1 udp ${priority} ${address} ${port} typ ${type}`;
    });
    return ["v=0", "o=- 0 2 IN IP4 0.0.0.0", "s=-", "t=0 0", `a=group:BUNDLE ${mid}`,
      "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0", ...candidates,
      `a=ice-ufrag:${fields.u}`, `a=ice-pwd:${fields.p}`, `a=fingerprint:sha-256 ${hex}`,
      `a=setup:${fields.e}`, `a=mid:${mid}`, `a=sctp-port:${fields.n ?? 5000}`, ""].join("\r\n");
  }

  function toBase64url(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64url(text) {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  async function readAll(stream, cap) {
    const reader = stream.getReader();
    const parts = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > cap) {
        reader.cancel().catch(() => {});
        return null;
      }
      parts.push(value);
    }
    const joined = new Uint8Array(total);
    let at = 0;
    for (const part of parts) {
      joined.set(part, at);
      at += part.length;
    }
    return joined;
  }

  async function deflate(text) {
    const input = new Blob([new TextEncoder().encode(text)]).stream();
    return readAll(input.pipeThrough(new CompressionStream("deflate-raw")), Infinity);
  }

  // Inflated bytes, or null past the cap or when the stream is not deflate-raw.
  async function inflate(bytes, cap) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    try {
      return await readAll(stream, cap);
    } catch {
      return null;
    }
  }

  // The DTLS role each kind has unless it says otherwise (e left out then).
  const ROLE = { j: "actpass", r: "active" };

  // kind "j" (an invite: the host's offer) or "r" (a reply: the friend's answer).
  async function packFields(kind, seat, id, fields, info) {
    const packed = { v: VERSION, k: kind, s: seat, o: id, i: info, ...fields };
    if (packed.e === ROLE[kind]) delete packed.e;
    return toBase64url(await deflate(JSON.stringify(packed)));
  }

  async function pack(kind, seat, id, sdp, info) {
    const fields = sdpFields(sdp);
    if (!validFields(fields)) throw new Error("failed");
    return packFields(kind, seat, id, fields, info);
  }

  function validInfo(info) {
    return typeof info === "string" && info.length <= MAX_INFO;
  }

  // The checked fields of a payload of the given kind, or null (never throws).
  async function unpack(kind, payload) {
    if (typeof payload !== "string" || payload.length > MAX_PAYLOAD) return null;
    if (payload.length === 0 || !B64URL.test(payload)) return null;
    try {
      const bytes = await inflate(fromBase64url(payload), MAX_JSON);
      if (bytes === null) return null;
      const data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
      if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
      const { v, k, s, o, i, ...fields } = data;
      fields.e = fields.e ?? ROLE[kind];
      if (v !== VERSION || k !== kind || !Number.isInteger(s) || s < 1 || s > 3) return null;
      if (typeof o !== "string" || !ID_PATTERN.test(o) || !validInfo(i)) return null;
      if (!Object.keys(fields).every((key) => "upfemnc".includes(key) && key.length === 1)) {
        return null;
      }
      if (!validFields(fields)) return null;
      return { seat: s, id: o, sdp: sdpOf(fields), info: i };
    } catch {
      return null;
    }
  }

  // The payload after `#<key>=` in a whole link, a fragment or the bare payload; the
  // text is bounded first (a pasted page of text is not searched).
  function fragmentPayload(text, key) {
    if (typeof text !== "string" || text.length > MAX_PAYLOAD + 4096) return null;
    const marker = `${key}=`;
    const at = text.lastIndexOf(marker);
    const payload = (at < 0 ? text : text.slice(at + marker.length)).trim();
    return payload.length > MAX_PAYLOAD ? null : payload;
  }

  function newId() {
    const bytes = crypto.getRandomValues(new Uint8Array(4));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  const friends = (window.tractorFriends = window.tractorFriends || {});
  friends.internal = friends.internal || {};
  friends.internal.payload = Object.freeze({
    MAX_PAYLOAD, MAX_JSON, MAX_INFO, pack, packFields, sdpFields, unpack, fragmentPayload,
    validInfo, newId, inflate,
  });
})();
