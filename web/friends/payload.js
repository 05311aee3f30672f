// The friends' link payloads (docs/friends-link.md): what an invite (#join=) and a
// reply (#reply=) carry, packed as base64url of deflate-raw of a small JSON object, and
// unpacked with every size bounded before it is read. Everything read here comes from
// another browser or a pasted link, so it is hostile: a payload over MAX_PAYLOAD
// characters is refused before decoding, the inflated JSON is read with a byte cap
// (reading stops past MAX_JSON), and the fields are checked one by one (the SDP's lines
// against a list of the few a data channel needs). Part of window.tractorFriends: this
// file defines tractorFriends.internal.payload, used by web/friends/link.js.
"use strict";
(() => {
  const VERSION = 1;
  const MAX_PAYLOAD = 8192; // characters of base64url
  const MAX_JSON = 16384; // bytes once inflated
  const MAX_INFO = 2048; // characters of the caller's infoJson
  const MAX_SDP = 4096;
  const MAX_CANDIDATES = 16;
  const MAX_LINE = 256;
  const ID_PATTERN = /^[0-9a-f]{16}$/;
  const B64URL = /^[A-Za-z0-9_-]*$/;

  // The SDP lines kept (the rest is dropped before sending, and refused on reading):
  // the session's header, the one data channel's m-line and what ICE, DTLS and SCTP
  // need. A host candidate loses its extensions (generation, network-id, ...).
  const KEEP = /^(v=0|o=|s=|t=|c=IN |m=application |a=group:BUNDLE |a=ice-ufrag:|a=ice-pwd:|a=fingerprint:|a=setup:|a=mid:|a=sctp-port:|a=candidate:)/;

  // The origin line's random session id and the candidates' foundations (any distinct
  // tokens will do) are shortened too: the link is copied by hand or as a QR code.
  function trimSdp(sdp) {
    const kept = [];
    for (const line of String(sdp).split(/\r?\n/)) {
      if (!KEEP.test(line)) continue;
      if (line.startsWith("o=")) {
        kept.push("o=- 0 2 IN IP4 0.0.0.0");
      } else if (line.startsWith("a=candidate:")) {
        const fields = line.split(" ");
        const typ = fields.indexOf("typ");
        // UDP only: a browser's TCP host candidates only help behind rare firewalls.
        if (typ < 0 || typ + 1 >= fields.length || fields[2].toLowerCase() !== "udp") continue;
        fields[0] = `a=candidate:${kept.length}`;
        kept.push(fields.slice(0, typ + 2).join(" "));
      } else {
        kept.push(line);
      }
    }
    return kept.join("\r\n") + "\r\n";
  }

  // A received SDP: bounded, only the kept lines, one m-line, a few candidates.
  function checkSdp(sdp) {
    if (typeof sdp !== "string" || sdp.length > MAX_SDP) return false;
    const lines = sdp.split("\r\n");
    if (lines.pop() !== "") return false;
    let media = 0;
    let candidates = 0;
    for (const line of lines) {
      if (line.length > MAX_LINE || !KEEP.test(line)) return false;
      if (line.startsWith("m=")) media += 1;
      if (line.startsWith("a=candidate:")) candidates += 1;
    }
    return media === 1 && candidates <= MAX_CANDIDATES && lines[0] === "v=0";
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

  // kind "j" (an invite: the host's offer) or "r" (a reply: the friend's answer).
  async function pack(kind, seat, id, sdp, info) {
    const json = JSON.stringify({ v: VERSION, k: kind, s: seat, o: id, d: sdp, i: info });
    return toBase64url(await deflate(json));
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
      const { v, k, s, o, d, i } = data;
      if (v !== VERSION || k !== kind || !Number.isInteger(s) || s < 1 || s > 3) return null;
      if (typeof o !== "string" || !ID_PATTERN.test(o) || !checkSdp(d) || !validInfo(i)) {
        return null;
      }
      return { seat: s, id: o, sdp: d, info: i };
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
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  const friends = (window.tractorFriends = window.tractorFriends || {});
  friends.internal = friends.internal || {};
  friends.internal.payload = Object.freeze({
    MAX_PAYLOAD, MAX_JSON, MAX_INFO, trimSdp, checkSdp, pack, unpack, fragmentPayload,
    validInfo, newId, inflate, toBase64url,
  });
})();
