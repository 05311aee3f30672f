// QR codes for the friends' links (docs/friends-link.md): a compact encoder of the
// QR Code standard (ISO/IEC 18004) in byte mode at error correction level L, versions 1
// to 40, after Project Nayuki's description of the algorithm, drawn as one SVG path
// built with DOM calls (no markup is parsed). tractorFriends.qrDraw(element, text)
// replaces the element's children with the code of `text` (UTF-8).
"use strict";
(() => {
  // Level L: error correction codewords per block and number of blocks, by version.
  const ECC_PER_BLOCK = [-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24,
    28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30];
  const BLOCKS = [-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10,
    12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25];
  const LEVEL_L_BITS = 1; // the format information's two bits for level L
  const QUIET = 4; // modules of light margin around the code

  function rawModules(version) {
    let result = (16 * version + 128) * version + 64;
    if (version >= 2) {
      const align = Math.floor(version / 7) + 2;
      result -= (25 * align - 10) * align - 55;
      if (version >= 7) result -= 36;
    }
    return result;
  }

  function dataCodewords(version) {
    return Math.floor(rawModules(version) / 8) - ECC_PER_BLOCK[version] * BLOCKS[version];
  }

  function alignmentPositions(version) {
    if (version === 1) return [];
    const count = Math.floor(version / 7) + 2;
    const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
    const result = [6];
    for (let pos = version * 4 + 10; result.length < count; pos -= step) result.splice(1, 0, pos);
    return result;
  }

  // GF(2^8) with the polynomial 0x11D, and Reed-Solomon's remainder.
  function multiply(x, y) {
    let z = 0;
    for (let i = 7; i >= 0; i -= 1) {
      z = (z << 1) ^ ((z >>> 7) * 0x11d);
      z ^= ((y >>> i) & 1) * x;
    }
    return z;
  }

  function divisor(degree) {
    const result = new Array(degree).fill(0);
    result[degree - 1] = 1;
    let root = 1;
    for (let i = 0; i < degree; i += 1) {
      for (let j = 0; j < degree; j += 1) {
        result[j] = multiply(result[j], root);
        if (j + 1 < degree) result[j] ^= result[j + 1];
      }
      root = multiply(root, 2);
    }
    return result;
  }

  function remainder(data, div) {
    const result = div.map(() => 0);
    for (const byte of data) {
      const factor = byte ^ result.shift();
      result.push(0);
      div.forEach((coefficient, i) => { result[i] ^= multiply(coefficient, factor); });
    }
    return result;
  }

  // The data codewords: byte mode, the count, the bytes, the terminator and the padding.
  function codewords(bytes, version) {
    const bits = [];
    const put = (value, length) => {
      for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
    };
    put(4, 4);
    put(bytes.length, version < 10 ? 8 : 16);
    bytes.forEach((byte) => put(byte, 8));
    const capacity = dataCodewords(version) * 8;
    put(0, Math.min(4, capacity - bits.length));
    put(0, (8 - (bits.length % 8)) % 8);
    for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
    const result = [];
    for (let i = 0; i < bits.length; i += 8) result.push(parseInt(bits.slice(i, i + 8).join(""), 2));
    return result;
  }

  function interleaved(data, version) {
    const count = BLOCKS[version];
    const eccLength = ECC_PER_BLOCK[version];
    const raw = Math.floor(rawModules(version) / 8);
    const short = count - (raw % count);
    const shortLength = Math.floor(raw / count);
    const div = divisor(eccLength);
    const blocks = [];
    for (let i = 0, k = 0; i < count; i += 1) {
      const block = data.slice(k, k + shortLength - eccLength + (i < short ? 0 : 1));
      k += block.length;
      const ecc = remainder(block, div);
      if (i < short) block.push(0);
      blocks.push(block.concat(ecc));
    }
    const result = [];
    for (let i = 0; i < blocks[0].length; i += 1) {
      blocks.forEach((block, j) => {
        if (i !== shortLength - eccLength || j >= short) result.push(block[i]);
      });
    }
    return result;
  }

  const MASKS = [
    (x, y) => (x + y) % 2 === 0,
    (x, y) => y % 2 === 0,
    (x) => x % 3 === 0,
    (x, y) => (x + y) % 3 === 0,
    (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
    (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
    (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
    (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
  ];

  // The grid of one version: function patterns drawn and marked, the data placed.
  function grid(version, data) {
    const size = version * 4 + 17;
    const dark = Array.from({ length: size }, () => new Array(size).fill(false));
    const fixed = Array.from({ length: size }, () => new Array(size).fill(false));
    const set = (x, y, value) => { dark[y][x] = value; fixed[y][x] = true; };
    for (let i = 0; i < size; i += 1) {
      set(6, i, i % 2 === 0);
      set(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
      for (let dy = -4; dy <= 4; dy += 1) {
        for (let dx = -4; dx <= 4; dx += 1) {
          const distance = Math.max(Math.abs(dx), Math.abs(dy));
          const x = cx + dx;
          const y = cy + dy;
          if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, distance !== 2 && distance !== 4);
        }
      }
    }
    const align = alignmentPositions(version);
    const last = align.length - 1;
    align.forEach((ay, i) => align.forEach((ax, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }));
    formatBits(set, size, 0);
    if (version >= 7) {
      let rem = version;
      for (let i = 0; i < 12; i += 1) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
      const bits = (version << 12) | rem;
      for (let i = 0; i < 18; i += 1) {
        const bit = ((bits >>> i) & 1) === 1;
        const a = size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        set(a, b, bit);
        set(b, a, bit);
      }
    }
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < size; vert += 1) {
        for (let j = 0; j < 2; j += 1) {
          const x = right - j;
          const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
          if (!fixed[y][x] && i < data.length * 8) {
            dark[y][x] = ((data[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
            i += 1;
          }
        }
      }
    }
    return { size, dark, fixed, set };
  }

  function formatBits(set, size, mask) {
    const value = (LEVEL_L_BITS << 3) | mask;
    let rem = value;
    for (let i = 0; i < 10; i += 1) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((value << 10) | rem) ^ 0x5412;
    const bit = (i) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i += 1) set(8, i, bit(i));
    set(8, 7, bit(6));
    set(8, 8, bit(7));
    set(7, 8, bit(8));
    for (let i = 9; i < 15; i += 1) set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i += 1) set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i += 1) set(8, size - 15 + i, bit(i));
    set(8, size - 8, true);
  }

  function masked(base, mask) {
    const dark = base.dark.map((row, y) => row.map((value, x) => (
      base.fixed[y][x] ? value : value !== MASKS[mask](x, y))));
    formatBits((x, y, value) => { dark[y][x] = value; }, base.size, mask);
    return dark;
  }

  // The standard's penalty: runs of five or more, 2x2 blocks, finder-like patterns and
  // the balance of dark modules (the mask with the lowest penalty is drawn).
  function penalty(dark) {
    const size = dark.length;
    let score = 0;
    let darkCount = 0;
    const finder = /(?:0000|^)1011101(?:0000|$)/g;
    for (let pass = 0; pass < 2; pass += 1) {
      for (let a = 0; a < size; a += 1) {
        let line = "";
        for (let b = 0; b < size; b += 1) line += (pass === 0 ? dark[a][b] : dark[b][a]) ? "1" : "0";
        for (const run of line.match(/0+|1+/g)) if (run.length >= 5) score += run.length - 2;
        score += 40 * (line.match(finder) || []).length;
      }
    }
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        if (dark[y][x]) darkCount += 1;
        if (x + 1 < size && y + 1 < size && dark[y][x] === dark[y][x + 1]
            && dark[y][x] === dark[y + 1][x] && dark[y][x] === dark[y + 1][x + 1]) score += 3;
      }
    }
    const total = size * size;
    return score + 10 * Math.floor(Math.abs(darkCount * 20 - total * 10) / total);
  }

  // {version, mask, dark: rows of booleans} for the text's UTF-8 bytes.
  function encode(text) {
    const bytes = Array.from(new TextEncoder().encode(text));
    let version = 1;
    while (version <= 40 && 4 + (version < 10 ? 8 : 16) + 8 * bytes.length > dataCodewords(version) * 8) {
      version += 1;
    }
    if (version > 40) throw new Error("too-long");
    const base = grid(version, interleaved(codewords(bytes, version), version));
    let best = null;
    for (let mask = 0; mask < 8; mask += 1) {
      const dark = masked(base, mask);
      const score = penalty(dark);
      if (best === null || score < best.score) best = { version, mask, dark, score };
    }
    return best;
  }

  const SVG = "http://www.w3.org/2000/svg";

  function qrDraw(element, text) {
    const code = encode(String(text));
    const side = code.dark.length + 2 * QUIET;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
    svg.setAttribute("shape-rendering", "crispEdges");
    svg.setAttribute("class", "friend-qr");
    svg.setAttribute("data-qr-version", String(code.version));
    svg.setAttribute("data-qr-mask", String(code.mask));
    const background = document.createElementNS(SVG, "rect");
    background.setAttribute("width", String(side));
    background.setAttribute("height", String(side));
    background.setAttribute("fill", "#fff");
    const parts = [];
    code.dark.forEach((row, y) => row.forEach((on, x) => {
      if (on) parts.push(`M${x + QUIET} ${y + QUIET}h1v1h-1z`);
    }));
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", parts.join(""));
    path.setAttribute("fill", "#000");
    svg.append(background, path);
    element.replaceChildren(svg);
    return svg;
  }

  const friends = (window.tractorFriends = window.tractorFriends || {});
  friends.qrDraw = qrDraw;
})();
