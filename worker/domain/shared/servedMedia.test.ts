import { describe, expect, it } from "vitest";
import { testEnv } from "../../testing/fixtures";
import { PNG } from "../../testing/media";
import { contentDisposition, mediaServing, servedMedia } from "./servedMedia";

const text = (s: string) => new TextEncoder().encode(s);
const sha256 = async (bytes: BufferSource) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)).join(",");
const OGG = text("OggS\0\x02");
const MP4 = new Uint8Array([0, 0, 0, 0x20, ...text("ftypisom")]);

describe("mediaServing", () => {
  it("shows plain images, audio and video inline under their own type when the bytes agree", () => {
    expect(mediaServing("image/png", PNG)).toEqual({ disposition: "inline", contentType: "image/png" });
    expect(mediaServing("IMAGE/PNG", PNG)).toEqual({ disposition: "inline", contentType: "image/png" });
    expect(mediaServing("audio/ogg; codecs=opus", OGG)).toEqual({ disposition: "inline", contentType: "audio/ogg" });
    expect(mediaServing("video/mp4", MP4)).toEqual({ disposition: "inline", contentType: "video/mp4" });
  });

  it("serves as a download of opaque bytes every type that can carry script, whatever the bytes", () => {
    const download = { disposition: "attachment", contentType: "application/octet-stream" };
    expect(mediaServing("text/html", text("<script>alert(1)</script>"))).toEqual(download);
    expect(mediaServing("image/svg+xml", text("<svg onload=alert(1)>"))).toEqual(download);
    expect(mediaServing("application/xml", text("<?xml version='1.0'?><a/>"))).toEqual(download);
    expect(mediaServing("application/xhtml+xml", PNG)).toEqual(download);
    // Chromium's PDF viewer runs a PDF's JavaScript.
    expect(mediaServing("application/pdf", text("%PDF-1.7"))).toEqual(download);
  });

  it("does not believe a type the bytes contradict, nor a missing one", () => {
    const download = { disposition: "attachment", contentType: "application/octet-stream" };
    expect(mediaServing("image/png", text("<html><script>alert(1)</script></html>"))).toEqual(download);
    expect(mediaServing("image/png", new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toEqual(download);
    expect(mediaServing("video/mp4", text("not a video"))).toEqual(download);
    expect(mediaServing(null, PNG)).toEqual(download);
    expect(mediaServing(undefined, PNG)).toEqual(download);
  });
});

describe("contentDisposition", () => {
  it("names the file in ASCII for old clients and exactly in filename*", () => {
    expect(contentDisposition("attachment", "orçamento março.pdf")).toBe(`attachment; filename="or_amento mar_o.pdf"; filename*=UTF-8''or%C3%A7amento%20mar%C3%A7o.pdf`);
  });

  it("cannot be broken out of: quotes, backslashes, separators and line breaks are replaced", () => {
    const header = contentDisposition("inline", 'a"; filename=x.html\r\nSet-Cookie: a=b\\c/d\'(e)*.png');
    expect(header).toBe(
      `inline; filename="a__ filename=x.html__Set-Cookie: a=b_c_d'(e)*.png"; filename*=UTF-8''a%22%3B%20filename%3Dx.html%0D%0ASet-Cookie%3A%20a%3Db%5Cc%2Fd%27%28e%29%2A.png`,
    );
  });

  it("names a nameless file 'file'", () => {
    expect(contentDisposition("attachment", "")).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});

describe("servedMedia", () => {
  it("streams a large file whole and unchanged, with its length, after sniffing only its head", async () => {
    const size = 3 * 1024 * 1024 + 7;
    const video = new Uint8Array(size);
    for (let i = 0; i < size; i++) video[i] = (i * 31) & 0xff;
    video.set(MP4);
    const key = `tests/${crypto.randomUUID()}.mp4`;
    await testEnv.MEDIA.put(key, video, { httpMetadata: { contentType: "video/mp4" } });
    const served = await servedMedia({ object: (await testEnv.MEDIA.get(key))!, fileName: "vídeo.mp4", maxAge: 3600 });
    expect(served.headers).toMatchObject({
      "content-type": "video/mp4",
      "content-length": String(size),
      "content-disposition": `inline; filename="v_deo.mp4"; filename*=UTF-8''v%C3%ADdeo.mp4`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
      "cache-control": "private, max-age=3600",
    });
    const received = await new Response(served.body).arrayBuffer();
    expect(received.byteLength).toBe(size);
    expect(await sha256(received)).toBe(await sha256(video));
  });

  it("serves an empty file and one shorter than the sniffed head", async () => {
    for (const bytes of [new Uint8Array(), text("<b>")]) {
      const key = `tests/${crypto.randomUUID()}`;
      await testEnv.MEDIA.put(key, bytes, { httpMetadata: { contentType: "text/html" } });
      const served = await servedMedia({ object: (await testEnv.MEDIA.get(key))!, fileName: "a.html" });
      expect(served.headers).toMatchObject({ "content-type": "application/octet-stream", "content-length": String(bytes.length), "cache-control": "private, no-cache" });
      expect(new Uint8Array(await new Response(served.body).arrayBuffer())).toEqual(bytes);
    }
  });
});
