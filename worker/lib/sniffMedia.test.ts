import { describe, expect, it } from "vitest";
import { PNG } from "../testing/media";
import { sniffMedia } from "./sniffMedia";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? Array.from(p, (c) => c.charCodeAt(0)) : p)));
const text = (s: string) => new TextEncoder().encode(s);

describe("sniffMedia", () => {
  it.each([
    ["png", PNG],
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF")],
    ["gif", bytes("GIF89a", [1, 0, 1, 0])],
    ["gif", bytes("GIF87a", [1, 0, 1, 0])],
    ["webp", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ")],
    ["wav", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["mp4", bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0])],
    ["mp4", bytes([0, 0, 0, 0x1c], "ftypM4A ")],
    ["mp4", bytes([0, 0, 0, 0x14], "ftyp3gp4")],
    ["quicktime", bytes([0, 0, 0, 8], "wide", [0, 0, 0, 0], "mdat")],
    ["webm", bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81])],
    ["ogg", bytes("OggS", [0, 2, 0, 0])],
    ["mp3", bytes("ID3", [4, 0, 0, 0, 0, 0, 0])],
    ["mp3", bytes([0xff, 0xfb, 0x90, 0x64])],
    ["aac", bytes([0xff, 0xf1, 0x50, 0x80])],
    ["flac", bytes("fLaC", [0, 0, 0, 0x22])],
    ["pdf", text("%PDF-1.7\n%âãÏÓ")],
    ["zip", bytes("PK", [3, 4, 20, 0])],
  ])("knows %s by its magic number", (kind, head) => {
    expect(sniffMedia(head)).toBe(kind);
  });

  it.each([
    ["html", "<!DOCTYPE html><html><script>alert(1)</script>"],
    ["html", "  \n\t<script>alert(1)</script>"],
    ["html", "\ufeff<html>"],
    ["html", "Olá, veja: <iframe src=javascript:alert(1)>"],
    ["html", "<x onmouseover=alert(1)>"],
    ["svg", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ["svg", '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ["xml", '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml"/>'],
  ])("knows markup: %s in %j", (kind, markup) => {
    expect(sniffMedia(text(markup))).toBe(kind);
  });

  it("reads markup behind a UTF-16 byte-order mark (FF FE would otherwise pass for an MPEG audio frame)", () => {
    const utf16le = new Uint8Array([0xff, 0xfe, ...Array.from("<script>alert(1)</script>").flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(sniffMedia(utf16le)).toBe("html");
  });

  it("trusts the magic number over markup further on (an image with a comment that looks like HTML is an image)", () => {
    expect(sniffMedia(new Uint8Array([...PNG.subarray(0, 8), ...text("<script>alert(1)</script>")]))).toBe("png");
  });

  it("does not know plain text, unknown binaries, truncated signatures or nothing", () => {
    expect(sniffMedia(text("Olá, segue a lista de preços"))).toBe("unknown");
    expect(sniffMedia(bytes("MZ", [0x90, 0]))).toBe("unknown");
    expect(sniffMedia(PNG.subarray(0, 4))).toBe("unknown");
    expect(sniffMedia(bytes("RIFF", [0, 0, 0, 0], "AVI "))).toBe("unknown");
    expect(sniffMedia(new Uint8Array())).toBe("unknown");
  });
});
